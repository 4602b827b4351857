#include <vector>

namespace stockroom {

/// A shelf with a fixed width, filled box by box.
class Shelf {
 public:
  explicit Shelf(int width) : width_(width) {}

  /// Places a box if it still fits on the shelf; first fit, no reordering.
  bool Place(int boxWidth) {
    if (used_ + boxWidth > width_) {
      return false;
    }
    used_ += boxWidth;
    boxes_.push_back(boxWidth);
    return true;
  }

 private:
  int width_;
  int used_ = 0;
  std::vector<int> boxes_;
};

}  // namespace stockroom
