#ifdef __linux__
#include <sys/epoll.h>
#endif
