"""``framework.math``: the elementwise and reduction ops where TensorFlow lists them."""
from .ops import (abs, add, add_n, argmax, argmin, atan, ceil, cos, cumsum, divide, divide_no_nan,  # noqa: F401
                  equal, erf, exp, expm1, floor, floordiv, floormod, greater, greater_equal, is_finite,
                  is_inf, is_nan, less, less_equal, log, log1p, log_softmax, logical_and, logical_not,
                  logical_or, logical_xor, maximum, minimum, mod, multiply, negative, not_equal, pow,
                  reciprocal, reduce_all, reduce_any, reduce_logsumexp, reduce_max, reduce_mean,
                  reduce_min, reduce_prod, reduce_std, reduce_sum, reduce_variance, round, rsqrt,
                  sigmoid, sign, sin, softmax, softplus, sqrt, square, squared_difference, subtract,
                  tan, tanh, truediv)
from .ops import softsign  # noqa: F401
