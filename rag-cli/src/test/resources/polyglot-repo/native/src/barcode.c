#include "barcode.h"

int ean13_check_digit(const char *digits) {
    int sum = 0;
    for (int i = 0; i < 12; i++) {
        int d = digits[i] - '0';
        sum += (i % 2 == 0) ? d : 3 * d;
    }
    return (10 - sum % 10) % 10;
}
