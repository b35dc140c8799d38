// Placeholder until the Postgres layer lands.
import CLibPQ
