"""tf.math.special.dawsn with the bits of TensorFlow's CPU kernel (float32 and float64).

TF 2.21's Dawsn kernel (core/kernels/special_math/special_math_op_misc_impl.h, dawsn_op) is Cephes'
rational approximations evaluated element by element in the tensor's own dtype, its coefficients rounded
to that dtype and each polynomial a Horner chain (Eigen's ppolevl: multiply, then add, no FMA):
- |x| < 3.25: x P(x^2) / Q(x^2);
- |x| < 6.25 and |x| < 1e9: with u = 1 / |x|, (u^2 P(u^2) / (|x| Q(u^2)) + u) / 2 (two coefficient sets);
- otherwise 0.5 / x (NaN stays NaN), then the sign of x is applied to every branch alike, so
  dawsn(-2e9) is +2.5e-10 in TensorFlow, and here;
- denormal inputs read as 0 and denormal results are flushed to a signed 0 (before that sign is applied).
"""
import numpy as np

_AN = (1.13681498971755972054E-11, 8.49262267667473811108E-10, 1.94434204175553054283E-8,
       9.53151741254484363489E-7, 3.07828309874913200438E-6, 3.52513368520288738649E-4,
       -8.50149846724410912031E-4, 4.22618223005546594270E-2, -9.17480371773452345351E-2,
       9.99999999999999994612E-1)
_AD = (2.40372073066762605484E-11, 1.48864681368493396752E-9, 5.21265281010541664570E-8,
       1.27258478273186970203E-6, 2.32490249820789513991E-5, 3.25524741826057911661E-4,
       3.48805814657162590916E-3, 2.79448531198828973716E-2, 1.58874241960120565368E-1,
       5.74918629489320327824E-1, 1.00000000000000000539E0)
_BN = (5.08955156417900903354E-1, -2.44754418142697847934E-1, 9.41512335303534411857E-2,
       -2.18711255142039025206E-2, 3.66207612329569181322E-3, -4.23209114460388756528E-4,
       3.59641304793896631888E-5, -2.14640351719968974225E-6, 9.10010780076391431042E-8,
       -2.40274520828250956942E-9, 3.59233385440928410398E-11)
_BD = (1.0, -6.31839869873368190192E-1, 2.36706788228248691528E-1, -5.31806367003223277662E-2,
       8.48041718586295374409E-3, -9.47996768486665330168E-4, 7.81025592944552338085E-5,
       -4.55875153252442634831E-6, 1.89100358111421846170E-7, -4.91324691331920606875E-9,
       7.18466403235734541950E-11)
_CN = (-5.90592860534773254987E-1, 6.29235242724368800674E-1, -1.72858975380388136411E-1,
       1.64837047825189632310E-2, -4.86827613020462700845E-4)
_CD = (1.0, -2.69820057197544900361E0, 1.73270799045947845857E0, -3.93708582281939493482E-1,
       3.44278924041233391079E-2, -9.73655226040941223894E-4)


def _horner(x, coefficients):
    t = x.dtype.type
    y = np.full_like(x, t(coefficients[0]))
    for c in coefficients[1:]:
        y = y * x + t(c)
    return y


def _tail(a, numerator, denominator):
    """The rational form in 1 / a used from 3.25 on."""
    t = a.dtype.type
    u = t(1) / a
    u2 = u * u
    z = _horner(u2, numerator) / (a * _horner(u2, denominator))
    return t(0.5) * (u2 * z + u)


def dawsn(x):
    """Dawson's integral of the float32 or float64 array ``x``, in its dtype, as TF's kernel rounds it."""
    x = np.asarray(x)
    t = x.dtype.type
    tiny = np.finfo(t).tiny
    x = np.where(np.abs(x) < tiny, t(0), x)          # TF's threads read denormals as zero ...
    a = np.abs(x)
    out = np.array(t(0.5) / x)       # (an array: a 0-d x divides to a numpy scalar, which takes no assignment)
    near, middle, far = a < t(3.25), (a >= t(3.25)) & (a < t(6.25)), (a >= t(6.25)) & (a < t(1e9))
    if near.any():
        b = a[near]
        b2 = b * b
        out[near] = (b * _horner(b2, _AN)) / _horner(b2, _AD)
    if middle.any():
        out[middle] = _tail(a[middle], _BN, _BD)
    if far.any():
        out[far] = _tail(a[far], _CN, _CD)
    out = np.where(np.abs(out) < tiny, out * t(0), out)      # ... and flush denormal results (0.5 / 3e38)
    return np.where(x < 0, -out, out)
