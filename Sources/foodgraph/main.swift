print("foodgraph")
