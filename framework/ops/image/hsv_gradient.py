"""tf.image.rgb_to_hsv as one op whose gradient is TF 2.21's registered RGBToHSV gradient.

TF does not differentiate the conversion's formula: its gradient is a hand-derived rule (image_grad.py)
that picks the largest and the smallest channel with fixed tie-breaks (red over green over blue for the
largest; the smallest by ``<`` / ``<=`` per channel) and takes each reciprocal as ``divide_no_nan``. At
ties (grey pixels, a pure red [0.5, 0, 0], two equal channels) this is not the derivative of the
composite: a tape through tapeflow's composite gave [0.1, -0.167, -0.033] for ``sum(hsv) * 0.1`` at
[0.5, 0, 0], TF [0.1, 0.033, -0.033]. Elsewhere the rule's products, taken in TF's order, keep its last
bits. The rule is written with tapeflow's ops, so a second derivative flows through it as through TF's.
"""
from ...tape import ACTIVE, paused, record
from ...tensor import Tensor
from ..arithmetic import divide_no_nan
from ..shapes import cast, stack
from ..unary import square


def rgb_to_hsv_op(x, forward):
    """``forward(x)`` (the float conversion), recorded as one RGBToHSV op."""
    if not ACTIVE:
        return forward(x)
    with paused():
        out = Tensor(forward(x)._data)
    record('RGBToHSV', (x,), out, (lambda g, y, x: rgb_to_hsv_grad(x, y, g),))
    return out


def _reciprocal(t):
    return divide_no_nan(cast(1.0, t.dtype), t)


def rgb_to_hsv_grad(x, hsv, grad):
    """The gradient for the RGB image ``x`` from ``grad``, that of its conversion ``hsv``."""
    dtype = x.dtype
    rgb = (x[..., 0], x[..., 1], x[..., 2])
    r, g, b = rgb
    saturation, value = hsv[..., 1], hsv[..., 2]
    # which channel is the largest / the smallest, ties broken as TF breaks them
    big = (cast((r >= b) & (r >= g), dtype), cast((g > r) & (g >= b), dtype), cast((b > r) & (b > g), dtype))
    small = (cast((r < b) & (r < g), dtype), cast((g <= r) & (g < b), dtype), cast((b <= r) & (b <= g), dtype))
    positive = tuple(cast(c > 0, dtype) for c in rgb)

    # saturation = (max - min) / max: d/d(max) = min / max^2, d/d(min) = -1 / max
    def d_saturation(c, one, other):
        as_max = big[c] * (small[one] * rgb[one] + small[other] * rgb[other]) * _reciprocal(square(rgb[c]))
        as_min = small[c] * -1 * _reciprocal(big[one] * rgb[one] + big[other] * rgb[other])
        return positive[c] * (as_max + as_min)

    # hue, in degrees, as a sum of five cases per channel (TF's terms, in TF's order)
    spread_terms = _reciprocal(square(saturation)), _reciprocal(square(value))

    def own_max(c, difference):
        return 60 * (positive[c] * big[c] * -1 * difference * spread_terms[0] * spread_terms[1])

    def case(m, n, numerator, denominator, squared, negate=False):
        term = positive[m] * big[m] * small[n]
        if negate:
            term = term * -1
        if numerator is not None:
            term = term * numerator
        return 60 * (term * _reciprocal(square(denominator) if squared else denominator))

    d_hue = (
        (own_max(0, g - b), case(1, 0, b - g, r - g, True), case(1, 2, None, g - b, False, True),
         case(2, 0, b - g, b - r, True), case(2, 1, None, b - g, False)),
        (own_max(1, b - r), case(0, 1, r - b, r - g, True), case(0, 2, None, r - b, False),
         case(2, 1, r - b, b - g, True), case(2, 0, None, b - r, False, True)),
        (own_max(2, r - g), case(0, 2, g - r, r - b, True), case(0, 1, None, r - g, False, True),
         case(1, 2, g - r, g - b, True), case(1, 0, None, g - r, False)),
    )
    dh = []
    for terms in d_hue:
        total = terms[0]
        for term in terms[1:]:
            total = total + term
        dh.append(total / 360)
    ds = (d_saturation(0, 1, 2), d_saturation(1, 0, 2), d_saturation(2, 1, 0))
    dv_drgb = stack([grad[..., 2] * big[c] for c in range(3)], axis=-1)
    ds_drgb = stack([grad[..., 1] * ds[c] for c in range(3)], axis=-1)
    dh_drgb = stack([grad[..., 0] * dh[c] for c in range(3)], axis=-1)
    return (dv_drgb + ds_drgb) + dh_drgb
