"""tf.math.digamma and lgamma give TF 2.21's bits: digamma in double step for step as Eigen's (reflection,
recurrence up to 10, Cephes' series; tapeflow's recurrence to 6 and another series matched 12 of 201 probe
values), lgamma by the C library's lgamma / lgammaf as Eigen calls them (Python's math.lgamma matched 48 of 201
in float64; lgamma(-inf) raised OverflowError). lgamma's gradient is digamma, so it follows. Bits printed by TF
2.21 (/opt/tfref) for /work/notes/progs/autodiff13/x_dig.py and x_lg2.py (every 12th of linspace(-5.3, 12.7, 181),
then the edge values).
"""
import numpy as np

import framework as tf

X = [
    -5.3, -4.1, -2.8999999999999995, -1.6999999999999997, -0.4999999999999991, 0.7000000000000002,
    1.9000000000000004, 3.1000000000000005, 4.300000000000002, 5.500000000000001, 6.7, 7.900000000000001,
    9.100000000000001, 10.3, 11.5, 12.7, 1e-08, 0.001,
    0.5, 1.0, 2.0, 9.999, 10.0, 10.5,
    100000.0, 1e+17, 3e+17, -0.5, -1.5, -2.5,
    -1e-09, 0.0, -1.0, np.inf, -np.inf, np.nan,
]
X_LGAMMA = X[:-3] + [1e300, -1e300, 171.5]
TF_DIGAMMA = (
    '40102a96ca636571 402664c7e329edc4 c020e20c58f2edaa bff7c57fb677eb00 3fa2aed059bd6577 bff385376af7b79e '
    '3fd6cbb8a6e36190 3feec4d31b5ea0c0 3ff567d8544e375b 3ff9c7099bff7e1e 3ffd35c61642eaf8 400004959cb7063a '
    '400137f5c6610887 40024334beaa13ce 40032f97ff2abfe0 40040383736d5246 c197d784024f119f c08f449ac574fcf8 '
    'bfff6a897d3214f8 bfe2788cfc6fb614 3fdb0ee6072093d4 4002035fb8982c09 40020396dc85cc96 40026c8bce67b3b0 '
    '4027069d82dcebc1 4043926cd770aa67 40441f0c2b46127f 3fa2aed059bd6080 3fe680425af12b60 3ff1a68793defc16 '
    '41cdcd64ffb61dcc 7ff8000000000000 7ff8000000000000 7ff0000000000000 7ff8000000000000 7ff8000000000000')
TF_LGAMMA64 = (
    'c00f9afce2030902 bff02bb9d6d9e204 3fe4d9287250a73a 3fed7fc06e34793d 3ff43f89a3f0edd7 3fd0b20c891cde6e '
    'bfa3f5bf3c4bb744 3fe9322d3b0b16ad 400172bb29904711 400fa99a5e94985c 401819052e90ddd4 4020a6062d049d22 '
    '4025a3750a6f0ae4 402af6cd868fddca 40304ac08b1145d0 40333ba8b7c2cf34 40326bb1bb9c8a88 401ba0f3807161ac '
    '3fe250d048e7a1bd 0000000000000000 0000000000000000 40299961ff24365c 40299a8921a7f7d0 402be199a0f64393 '
    '41300a97b57f4c2e 43ca77b9ddb24c21 43e46c28ba022bbc 3ff43f89a3f0edd6 3feb858151820f85 bfaccbf9f5ed0f18 '
    '4034b927f32e7a60 7ff0000000000000 7ff0000000000000 7ed017f38e7a1ab5 7ff0000000000000 4086292532a8beaa')
TF_LGAMMA32 = (
    'c07cd7ea bf815dc7 3f26c951 3f6bfe05 3fa1fc4d 3e859065 bd1fadfc 3f499168 400b95da 407d4cd2 40c0c828 41053032 '
    '412d1ba8 4157b66e 41825605 4199dd45 41935d8e 40dd079c 3f128682 00000000 00000000 414ccb0e 414cd449 415f0cce '
    '498054bd 5e53bdcf 5f236145 3fa1fc4d 3f5c2c0b bd665fcf 41a5c940 7f800000 7f800000 7f800000 7f800000 4431492a')


def _bits(a):
    a = np.asarray(a)
    return ' '.join(('%016x' if a.dtype == np.float64 else '%08x') % v
                    for v in a.reshape(-1).view(np.uint64 if a.dtype == np.float64 else np.uint32))


def test_digamma_float64_is_eigens():
    assert _bits(tf.math.digamma(tf.constant(X, tf.float64)).numpy()) == TF_DIGAMMA


def test_lgamma_gradient_is_the_same_digamma():
    x = tf.constant(X[:-3], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.math.lgamma(x)
    assert _bits(tape.gradient(y, x).numpy()) == ' '.join(TF_DIGAMMA.split()[:-3])


def test_lgamma_float64_and_float32_are_the_c_librarys():
    assert _bits(tf.math.lgamma(tf.constant(X_LGAMMA, tf.float64)).numpy()) == TF_LGAMMA64
    with np.errstate(over='ignore'):
        x32 = tf.constant(np.array(X_LGAMMA).astype(np.float32))
    assert _bits(tf.math.lgamma(x32).numpy()) == TF_LGAMMA32
