#include "parser/core/row_matrix.hpp"

#include <cmath>

namespace meshgate {

Mat4 Mat4::identity() {
  Mat4 r;
  for (int i = 0; i < 4; ++i) r.m[static_cast<size_t>(i * 5)] = 1.0;
  return r;
}

Mat4 operator*(const Mat4& a, const Mat4& b) {
  Mat4 r;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      double s = 0;
      for (int k = 0; k < 4; ++k) s += a.at(i, k) * b.at(k, j);
      r.m[static_cast<size_t>(i * 4 + j)] = s;
    }
  return r;
}

Mat4 rotation_x(double a) {
  const double c = std::cos(a), s = std::sin(a);
  Mat4 r = Mat4::identity();
  r.m[5] = c, r.m[6] = s, r.m[9] = -s, r.m[10] = c;
  return r;
}

Mat4 rotation_y(double a) {
  const double c = std::cos(a), s = std::sin(a);
  Mat4 r = Mat4::identity();
  r.m[0] = c, r.m[2] = -s, r.m[8] = s, r.m[10] = c;
  return r;
}

Mat4 rotation_z(double a) {
  const double c = std::cos(a), s = std::sin(a);
  Mat4 r = Mat4::identity();
  r.m[0] = c, r.m[1] = s, r.m[4] = -s, r.m[5] = c;
  return r;
}

Mat4 translation(double x, double y, double z) {
  Mat4 r = Mat4::identity();
  r.m[12] = x, r.m[13] = y, r.m[14] = z;
  return r;
}

}  // namespace meshgate
