"""Half-precision special functions as TF 2.21's CPU kernel registry has them (progs/gradfuzz18/t11.py, t12.py).

bfloat16 lgamma / digamma / Bessel functions and float16 or bfloat16 igamma / igammac have no CPU kernel:
NotFoundError listing the registered ones; zeta / polygamma / betainc allow float and double only: the op
registry's InvalidArgumentError (so float16 digamma computes but its gradient, polygamma(1, x), is refused).
tapeflow computed all of them. atan2 of bfloat16 is one of Atan2's dtypes: TF computes it, tapeflow refused it.
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError, NotFoundError

S = tf.math.special
_XLA = "  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_BFLOAT16, DT_HALF]\n"

NOT_FOUND = [   # (function, dtype, TF 2.21's message), printed by TF
    (tf.math.lgamma, tf.bfloat16,
     "Could not find device for node: {{node Lgamma}} = Lgamma[T=DT_BFLOAT16]\nAll kernels registered for op Lgamma:\n"
     + _XLA + "  device='CPU'; T in [DT_DOUBLE]\n  device='CPU'; T in [DT_HALF]\n  device='CPU'; T in [DT_FLOAT]\n"
     " [Op:Lgamma] name: "),
    (tf.math.bessel_i0e, tf.bfloat16,
     "Could not find device for node: {{node BesselI0e}} = BesselI0e[T=DT_BFLOAT16]\nAll kernels registered for op "
     "BesselI0e:\n" + _XLA + "  device='CPU'; T in [DT_DOUBLE]\n  device='CPU'; T in [DT_FLOAT]\n  device='CPU'; "
     "T in [DT_HALF]\n [Op:BesselI0e] name: "),
    (S.bessel_j0, tf.bfloat16,
     "Could not find device for node: {{node BesselJ0}} = BesselJ0[T=DT_BFLOAT16]\nAll kernels registered for op "
     "BesselJ0:\n  device='CPU'; T in [DT_DOUBLE]\n  device='CPU'; T in [DT_FLOAT]\n  device='CPU'; T in [DT_HALF]\n"
     " [Op:BesselJ0] name: "),
    (S.spence, tf.float16,
     "Could not find device for node: {{node Spence}} = Spence[T=DT_HALF]\nAll kernels registered for op Spence:\n"
     "  device='CPU'; T in [DT_DOUBLE]\n  device='CPU'; T in [DT_FLOAT]\n [Op:Spence] name: "),
    (lambda x: tf.math.igamma(x, x), tf.float16,
     "Could not find device for node: {{node Igamma}} = Igamma[T=DT_HALF]\nAll kernels registered for op Igamma:\n"
     + _XLA + "  device='CPU'; T in [DT_DOUBLE]\n  device='CPU'; T in [DT_FLOAT]\n [Op:Igamma] name: "),
]


@pytest.mark.parametrize('fn, dtype, text', NOT_FOUND)
def test_missing_half_kernels_raise_tensorflows_not_found(fn, dtype, text):
    with pytest.raises(NotFoundError) as caught:
        fn(tf.constant([1.5], dtype))
    assert str(caught.value) == text


@pytest.mark.parametrize('fn', [tf.math.digamma, tf.math.bessel_i1, S.bessel_k1e, S.bessel_y1,
                                lambda x: tf.math.igammac(x, x)])
def test_more_bfloat16_special_functions_are_refused(fn):
    with pytest.raises(NotFoundError):
        fn(tf.constant([1.5], tf.bfloat16))


def test_zeta_of_float16_is_the_registry_error():
    with pytest.raises(InvalidArgumentError) as caught:
        tf.math.zeta(tf.constant([1.5], tf.float16), tf.constant([1.5], tf.float16))
    assert str(caught.value) == (
        "Value for attr 'T' of half is not in the list of allowed values: float, double\n\t; NodeDef: {{node Zeta}}; "
        "Op<name=Zeta; signature=x:T, q:T -> z:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE]> [Op:Zeta] name: ")


@pytest.mark.parametrize('fn', [lambda x: tf.math.polygamma(x, x), lambda x: tf.math.betainc(x, x, x * 0.5)])
@pytest.mark.parametrize('dtype', [tf.float16, tf.bfloat16])
def test_float_and_double_only_kernels_refuse_halves(fn, dtype):
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of (half|bfloat16) is not in the list"):
        fn(tf.constant([1.5], dtype))


def test_float16_digamma_computes_but_its_gradient_is_refused():
    # TF 2.21: digamma has a half kernel; its gradient polygamma(1, x) does not
    x = tf.constant([1.5], tf.float16)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.math.digamma(x)
    assert y.dtype == tf.float16
    with pytest.raises(InvalidArgumentError, match='Polygamma'):
        tape.gradient(y, x)


def test_float32_and_float16_kernels_still_compute():
    assert tf.math.lgamma(tf.constant([1.5], tf.float16)).dtype == tf.float16
    assert S.bessel_j0(tf.constant([1.5], tf.float16)).dtype == tf.float16
    assert tf.math.igamma(tf.constant([1.5]), tf.constant([0.5])).dtype == tf.float32
    assert tf.math.zeta(tf.constant([2.5], tf.float64), tf.constant([1.5], tf.float64)).dtype == tf.float64


def test_bfloat16_atan2_and_its_gradient_as_tensorflow():
    # TF 2.21 (t12.py), printed cast to float32
    y = tf.constant([1.5, -0.25, 0.75, -2.], tf.bfloat16)
    x = tf.constant([0.5, -1., 3., 0.125], tf.bfloat16)
    with tf.GradientTape() as tape:
        tape.watch([y, x])
        angle = tf.math.atan2(y, x)
    gy, gx = tape.gradient(angle, [y, x])
    as_float = [tf.cast(t, tf.float32).numpy().tolist() for t in (angle, gy, gx)]
    hexes = ['0x1.4p+0 -0x1.72p+1 0x1.f6p-3 -0x1.82p+0', '0x1.9ap-3 -0x1.e2p-1 0x1.4p-2 0x1p-5',
             '-0x1.34p-1 0x1.e2p-3 -0x1.4p-4 0x1p-1']
    assert as_float == [np.float32([float.fromhex(v) for v in h.split()]).tolist() for h in hexes]
