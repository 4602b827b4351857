#ifndef STOCKROOM_BARCODE_H
#define STOCKROOM_BARCODE_H

/**
 * The EAN-13 check digit of the first twelve digits of a barcode: digits in odd positions count once,
 * in even positions three times, and the check digit brings the sum to a multiple of ten.
 */
int ean13_check_digit(const char *digits);

#endif
