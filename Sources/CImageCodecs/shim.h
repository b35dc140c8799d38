// Debian's image codecs (tools/setup installs them): libpng's simplified API, libjpeg-turbo's
// TurboJPEG API and libwebp. Every uploaded image is decoded in full by one of them and encoded
// again before it is stored (Common/Images/ImageCodec.swift).
#include <png.h>
#include <turbojpeg.h>
#include <webp/decode.h>
#include <webp/encode.h>
