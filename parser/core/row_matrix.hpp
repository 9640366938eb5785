// Row-major 4x4 matrices in dmc3.exe's row-vector convention (v' = v * M):
// the axis rotations 0x140030F10/FC0/1080 build and the translation row
// 0x140031200 writes. DMC3's node transforms (MOD and SCM) are products of
// these; stored row-major they are exactly glTF's column-major `matrix`.
#pragma once

#include <array>

namespace meshgate {

struct Mat4 {
  std::array<double, 16> m{};
  [[nodiscard]] double at(int row, int col) const { return m[static_cast<size_t>(row * 4 + col)]; }
  [[nodiscard]] static Mat4 identity();
  friend Mat4 operator*(const Mat4& a, const Mat4& b);
};

[[nodiscard]] Mat4 rotation_x(double radians);  // rows (1,0,0)(0,c,s)(0,-s,c)
[[nodiscard]] Mat4 rotation_y(double radians);  // rows (c,0,-s)(0,1,0)(s,0,c)
[[nodiscard]] Mat4 rotation_z(double radians);  // rows (c,s,0)(-s,c,0)(0,0,1)
[[nodiscard]] Mat4 translation(double x, double y, double z);

}  // namespace meshgate
