// Debian's recognition libraries for scans (tools/setup installs them): zbar reads barcodes,
// leptonica cleans up a receipt's picture (deskew, binarise) and Tesseract reads its text
// (Sources/FoodGraph/Scans/). Only their C APIs are used.
#include <zbar.h>
#include <leptonica/allheaders.h>
#include <tesseract/capi.h>
