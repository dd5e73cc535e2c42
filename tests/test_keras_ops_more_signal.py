"""keras.ops bit-level functions (ops_bits) and Fourier transforms, framing and windows (ops_signal).

Golden values: every GOLDEN row was computed by evaluating its expression with
Keras 3.15 (TensorFlow backend, /opt/tfref) on the inputs below and printing
the values and ``keras.ops.dtype``; float32 values are written in their
shortest float32 repr. A tuple of values is a tuple of results (Keras 3 passes
complex values as (real, imaginary) pairs).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.gradient_check import check_gradients
from helpers_keras_ops import check_keras_result, golden

ops = keras.ops

X = np.array([[0.5, -1.5, 2.0], [3.0, 0.25, -0.75]], np.float32)
I = np.array([[1, -2, 3], [4, 0, -6]], np.int32)  # noqa: E741
V = np.array([0.2, 0.7, 0.1], np.float32)
B = np.array([[True, False, True], [False, False, True]])
P = np.array([[0.2, 0.3, 0.5], [0.6, 0.3, 0.1]], np.float32)
SIG = np.sin(np.arange(16, dtype=np.float32) * 0.7) + np.arange(16, dtype=np.float32) / 8

# (expression, Keras 3.15's value, Keras 3.15's dtype)
GOLDEN = [
    ('ops.bitwise_and(I, 3)', [[1, 2, 3], [0, 0, 2]], 'int32'),
    ('ops.bitwise_or(I, np.array([1, 2, 4], np.int32))', [[1, -2, 7], [5, 2, -2]], 'int32'),
    ('ops.bitwise_xor(I, I[::-1])', [[5, -2, -7], [5, -2, -7]], 'int32'),
    ('ops.bitwise_invert(I)', [[-2, 1, -4], [-5, -1, 5]], 'int32'),
    ('ops.bitwise_invert(np.array([0, 5], np.uint8))', [255, 250], 'uint8'),
    ('ops.left_shift(I, 2)', [[4, -8, 12], [16, 0, -24]], 'int32'),
    ('ops.right_shift(I, 1)', [[0, -1, 1], [2, 0, -3]], 'int32'),
    ('ops.bitwise_left_shift(np.array([1, 2], np.int32), np.array([3, 4], np.int32))', [8, 32], 'int32'),
    ('ops.bitwise_right_shift(np.array([64, -64], np.int32), 3)', [8, -8], 'int32'),
    ('ops.bitwise_and(np.array([7], np.int8), np.array([12], np.int32))', [4], 'int32'),
    ('ops.gcd(I, 6)', [[1, 2, 3], [2, 6, 6]], 'int32'),
    ('ops.lcm(I, 4)', [[4, 4, 12], [4, 0, 12]], 'int32'),
    ('ops.gcd(np.array([12, 18], np.int64), np.array([8, 27], np.int64))', [4, 9], 'int64'),
    ("ops.view(X, 'int32')", [[1056964608, -1077936128, 1073741824], [1077936128, 1048576000, -1086324736]], 'int32'),
    ("ops.view(np.array([1, 2, 3, 4], np.int16), 'int32')", [131073, 262147], 'int32'),
    ("ops.view(np.array([1.0], np.float32), 'uint8')", [0, 0, 128, 63], 'uint8'),
    ('ops.fft((X, P))', ([[1.0, 0.07679494, 0.42320508], [2.5, 3.4232051, 3.0767949]], [[1.0, 2.8310888, -3.2310889], [1.0, -0.46602535, 1.2660254]],), ('float32', 'float32',)),
    ('ops.fft((V, np.zeros(3, np.float32)))', ([1.0, -0.2, -0.2], [0.0, -0.5196152, 0.5196152],), ('float32', 'float32',)),
    ('ops.fft2((X, P))', ([[3.5, 3.5, 3.5], [-1.5, -3.3464103, -2.6535897]], [[2.0, 2.3650634, -1.9650635], [0.0, 3.2971141, -4.497114]],), ('float32', 'float32',)),
    ('ops.ifft2((X, P))', ([[0.5833333, 0.5833333, 0.5833333], [-0.25, -0.44226494, -0.557735]], [[0.33333334, -0.32751057, 0.39417723], [-0.0, -0.74951905, 0.549519]],), ('float32', 'float32',)),
    ('ops.rfft(V)', ([1.0, -0.2], [0.0, -0.5196152],), ('float32', 'float32',)),
    ('ops.rfft(X, 4)', ([[1.0, -1.5, 4.0], [2.5, 3.75, 2.0]], [[0.0, 1.5, 0.0], [0.0, -0.25, 0.0]],), ('float32', 'float32',)),
    ('ops.rfft(SIG, 5)', ([4.077865, -1.5055056, -0.533427], [0.0, 0.06417364, 0.036034342],), ('float32', 'float32',)),
    ('ops.irfft((X, P))', [[-0.125, -0.525, 1.375, -0.225], [0.6875, 0.7875, 0.4375, 1.0875]], 'float32'),
    ('ops.irfft((X, P), 5)', [[0.3, -0.9643076, 0.95230097, 0.71294683, -0.50094], [0.4, 0.7359687, 0.3939012, 0.45888516, 1.0112451]], 'float32'),
    ('ops.irfft((X, P), 3)', [[-0.8333334, 0.4934616, 0.83987176], [1.1666667, 0.7434616, 1.0898718]], 'float32'),
    ('ops.extract_sequences(SIG, 5, 3)', [[0.0, 0.76921767, 1.2354498, 1.2382095, 0.83498824], [1.2382095, 0.83498824, 0.27421677, -0.12157565, -0.10745257], [-0.12157565, -0.10745257, 0.3687333, 1.1418136, 1.9069866], [1.1418136, 1.9069866, 2.3631682, 2.354599, 1.944099]], 'float32'),
    ('ops.extract_sequences(X, 2, 1)', [[[0.5, -1.5], [-1.5, 2.0]], [[3.0, 0.25], [0.25, -0.75]]], 'float32'),
    ('ops.stft(SIG, 6, 3, 8)', ([[1.7715511, -0.8158785, -0.61772466, 0.8158785, -0.5361018], [3.0518966, -2.336225, 0.97735095, -0.14019394, -0.05376053], [0.30442783, 0.033135585, -0.42250597, 0.21001571, 0.054281503], [3.4125319, -2.3486962, 0.57788515, 0.06506896, -0.0010476112], [6.4076757, -4.638872, 1.5319724, -0.07032585, -0.053224564], [4.0426345, -2.4627495, 0.02325511, 0.47214103, -0.1079278]], [[0.0, -2.3841858e-07, 5.9604645e-08, 1.7881393e-07, 0.0], [0.0, -0.3361271, 0.3003462, -0.088626556, 0.0], [0.0, -0.31897452, 0.286252, -0.08584692, 0.0], [0.0, 1.4334368, -1.1536899, 0.19812715, 0.0], [0.0, -0.3531118, 0.3143021, -0.09137839, 0.0], [0.0, -4.7683716e-07, 1.1920929e-07, 2.3841858e-07, 0.0]],), ('float32', 'float32',)),
    ('ops.stft(SIG, 6, 3, 8, center=False)', ([[2.2477765, -1.6370733, 0.5565197, -0.032903135, -0.020862937], [0.43192303, -0.023622543, -0.46145996, 0.23852769, 0.061186627], [5.2165556, -3.7657838, 1.226154, -0.04818952, -0.040917158]], [[0.0, -0.8504907, 0.72299457, -0.171978, 0.0], [0.0, 0.47692457, -0.3677317, 0.043126553, 0.0], [0.0, 1.144187, -0.91601586, 0.15125498, 0.0]],), ('float32', 'float32',)),
    ("ops.stft(SIG, 4, 2, 4, window='hamming')", ([[0.9295911, 0.098836, -0.7319191], [2.3194604, -1.2354498, 0.15143907], [1.7505345, -0.73615223, 0.11711401], [0.035276078, 0.18837473, -0.14482924], [0.91756225, -0.37845933, -0.19954777], [3.8291755, -1.8774879, 0.04379499], [4.833082, -2.20204, 0.18123364], [3.1591666, -1.1951528, -0.015389204], [3.0814803, -1.2728391, -0.093075514]], [[0.0, 0.0, 0.0], [0.0, 0.2532556, 0.0], [0.0, -0.5205561, 0.0], [0.0, -0.20610145, 0.0], [0.0, 0.6746038, 0.0], [0.0, 0.6595315, 0.0], [0.0, -0.22629738, 0.0], [0.0, -0.5123492, 0.0], [0.0, 0.5123492, 0.0]],), ('float32', 'float32',)),
    ('ops.stft(SIG, 5, 2, 6, window=None)', ([[5.2475443, 1.7044415, -0.766458, 0.30574512], [4.847083, -1.0524516, 0.5834597, 0.70620704], [4.230506, -0.2650466, 0.29105568, 0.33278155], [2.4871197, 1.8782637, 0.43139094, 0.32282782], [3.4627223, 0.28100836, -0.76693594, -0.8455664], [8.027848, -2.4052641, -1.3146231, -1.2327898], [11.094187, -1.7211652, -0.30247468, -0.19602537], [10.4242115, 1.3790059, 0.40792757, 0.18093109], [10.005142, 0.95993656, -0.011141717, -0.2381382]], [[0.0, 0.0, 0.0, 0.0], [0.0, 1.1292799, 0.31696218, 0.0], [0.0, -2.0100608, -0.34037644, 0.0], [0.0, -0.734324, -0.073253274, 0.0], [0.0, 2.8386827, 0.6748903, 0.0], [0.0, 2.7775345, 0.6620861, 0.0], [0.0, -0.8162594, -0.09041014, 0.0], [0.0, -1.6626587, -0.019298136, 0.0], [0.0, 1.6626587, 0.019298077, 0.0]],), ('float32', 'float32',)),
    ('ops.stft(np.stack([SIG, SIG[::-1]]), 5, 4, 5, window=np.linspace(0.5, 1, 5, dtype=np.float32))', ([[[3.0070012, 0.6035418, -0.56273013], [2.1362112, 0.11854327, 0.35766345], [3.054678, -0.5242615, -1.1550469], [7.2810297, -0.9674542, -0.28932738]], [[5.7379074, 0.25672233, -0.69555235], [7.026477, -1.0041727, -0.0789423], [0.8886138, 0.87812036, 0.10483977], [3.4378693, -1.0897862, -0.28637755]]], [[[0.0, 1.1133697, -0.1965284], [0.0, -1.0786922, -0.1589416], [0.0, 2.3022194, 0.4731995], [0.0, -0.12701061, 0.0067540146]], [[0.0, 1.2993616, 0.19306687], [0.0, -0.37465894, -0.09517353], [0.0, 0.026458222, 0.050247632], [0.0, 0.3247997, 0.00048434734]]],), ('float32', 'float32',)),
    ('ops.istft(ops.stft(SIG, 6, 3, 8), 6, 3, 8)', [0.0, 0.76921767, 1.2354499, 1.2382095, 0.83498824, 0.2742168, -0.12157565, -0.10745257, 0.3687333, 1.1418136, 1.9069865, 2.3631682, 2.354599, 1.944099, 1.3835208], 'float32'),
    ('ops.istft(ops.stft(SIG, 8, 2, 8), 8, 2, 8, length=12)', [-4.967054e-09, 0.7582196, 1.2354498, 1.2382092, 0.83498824, 0.27421677, -0.12157566, -0.107452564, 0.3687333, 1.1418136, 1.9069867, 2.363168], 'float32'),
    ('ops.istft(ops.stft(SIG, 6, 3, 8, center=False), 6, 3, 8, center=False)', [0.0, 0.0, 0.12354499, 1.1143888, 0.83498824, 0.27421677, -0.121575676, -0.10745257, 0.36873326, 1.1418138, 1.9069866, 2.1268513, 0.2354596, 0.0], 'float32'),
    ('ops.istft(ops.stft(SIG, 5, 2, 6, window=None), 5, 2, 6, window=None)', [0.0, 2.3076532, 3.7063494, 3.7146287, 2.5049648, 0.82265043, -0.364727, -0.32235768, 1.1062, 3.4254408, 5.72096, 7.089505, 7.063797, 5.832297, 4.1505623, 1.9906082], 'float32'),
    ("ops.istft(ops.stft(SIG, 4, 2, 4, window='hamming'), 4, 2, 4, window='hamming')", [3.7016001e-09, 0.7692176, 1.2354498, 1.2382095, 0.83498824, 0.27421677, -0.12157566, -0.10745259, 0.3687333, 1.1418138, 1.9069867, 2.3631682, 2.354599, 1.9440991, 1.3835207, 0.9953044], 'float32'),
    ('ops.bartlett(5)', [0.0, 0.5, 1.0, 0.5, 0.0], 'float32'),
    ('ops.blackman(6)', [-1.4901161e-08, 0.20077012, 0.84922993, 0.84922975, 0.20077008, -1.4901161e-08], 'float32'),
    ('ops.hamming(4)', [0.08000001, 0.77000004, 0.77, 0.08000001], 'float32'),
    ('ops.hanning(5)', [0.0, 0.5, 1.0, 0.5, 0.0], 'float32'),
    ('ops.kaiser(6, 3.0)', [0.20488471, 0.62474626, 0.95222163, 0.95222163, 0.62474626, 0.20488471], 'float32'),
]


@golden(GOLDEN)
def test_values_and_dtypes_match_keras3(expression, expected, dtype):
    check_keras_result(eval(expression), expected, dtype, atol=2e-6)


def test_bools_are_refused_bitwise_as_keras_on_tensorflow_refuses_them():
    # TF 2.21's bitwise kernels take integers only: "Value for attr 'T' of bool is not in the list of allowed
    # values: int8, ... [Op:BitwiseAnd]" (Invert, LeftShift alike); a bool beside an integer promotes
    for op, kernel in ((lambda: ops.bitwise_and(B, B[::-1]), 'BitwiseAnd'), (lambda: ops.bitwise_not(B), 'Invert'),
                       (lambda: ops.left_shift(B, B), 'LeftShift')):
        with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of bool is not in the list"):
            op()
        with pytest.raises(tf.errors.InvalidArgumentError, match=r'\[Op:%s\]' % kernel):
            op()
    np.testing.assert_array_equal(ops.bitwise_and(B[0], np.array([3, 4, 6])), [1, 0, 0])


# ---- gradients: the tape against central differences, in float64 ----------------------------
A = np.array([[0.3, -1.2, 0.8, 0.1], [1.1, 0.4, -0.6, 0.5]])
A2 = A[::-1] * 0.7
S64 = SIG.astype(np.float64)
GRADIENT_CASES = {
    'fft': (lambda a, b: ops.fft((a, b))[0] * 2 + ops.fft((a, b))[1], [A, A2]),
    'fft2_ifft2': (lambda a, b: ops.fft2((a, b))[0] + ops.ifft2((b, a))[1] * 3, [A, A2]),
    'rfft': (lambda a: ops.rfft(a)[0] + ops.rfft(a, 6)[1][:, :3], [A]),
    'irfft': (lambda a, b: ops.irfft((a, b))[:, :5] + ops.irfft((a, b), 5) + ops.irfft((a, b), 3)[:, :1], [A, A2]),
    'stft': (lambda s: ops.stft(s, 6, 3, 8)[0][:, :4] + ops.stft(s, 5, 2, 6, window=None, center=False)[1], [S64]),
    'istft': (lambda a, b: ops.istft((a, b), 6, 2, 6), [A, A2]),
    'extract_sequences': (lambda s: ops.extract_sequences(s, 5, 3) * 2, [S64]),
    'second_order_fft': (lambda a: _second_order(a), [A[0]]),
}


def _second_order(a):
    # The adjoint is itself recorded, so an outer tape differentiates the gradient.
    import framework as tf
    with tf.GradientTape() as inner:
        inner.watch(a)
        y = ops.sum(ops.square(ops.fft((a, a * 0))[0]))
    return inner.gradient(y, a)


@pytest.mark.parametrize('name', sorted(GRADIENT_CASES))
def test_gradients_match_central_differences(name):
    fn, inputs = GRADIENT_CASES[name]
    check_gradients(fn, inputs)


# ---- bad input: the error names the op and says what is wrong ----------------------------------
@pytest.mark.parametrize('call, message', [
    (lambda: ops.bitwise_and(X, I), 'keras.ops.bitwise_and: expected integer tensors, got dtype float32'),
    (lambda: ops.left_shift(B, B), 'keras.ops.left_shift: expected integer tensors, got dtype bool'),
    (lambda: ops.gcd(I, np.ones((3, 3), np.int32)), 'keras.ops.gcd: shapes \\(2, 3\\) and \\(3, 3\\) do not broadcast'),
    (lambda: ops.view(np.float32(1.0), 'int8'), 'keras.ops.view: a scalar of float32 cannot be viewed as int8'),
    (lambda: ops.view(np.ones(3, np.int8), 'int16'), 'keras.ops.view: the last axis'),
    # TF 2.21's words: Keras's any_symbolic_tensors(x) tests an array's truth first, then its TF backend's checks
    (lambda: ops.fft(X), 'The truth value of an array with more than one element is ambiguous'),
    (lambda: ops.fft([X]), 'Input `x` should be a tuple of two tensors - real and imaginary.Received: x=\\[array'),
    (lambda: ops.fft((X, V)), 'Both the real and imaginary parts should have the same shape. Received: x\\[0\\].shape '
                              '= \\(2, 3\\), x\\[1\\].shape = \\(3,\\)'),
    (lambda: ops.rfft(X, 0), 'keras.ops.rfft: fft_length must be >= 1'),
    (lambda: ops.irfft((X, X), 0), 'keras.ops.irfft: fft_length must be >= 1'),
    (lambda: ops.extract_sequences(SIG, -1, 1), 'Requires start <= limit when delta > 0: 0/-1'),   # TF 2.21's Range
    (lambda: ops.stft(SIG, 8, 2, 4), '`fft_length` must equal or larger than `sequence_length`. Received: '
                                     'sequence_length=8, fft_length=4'),
    (lambda: ops.stft(SIG, 4, 2, 4, window='kaiser'), 'If a string is passed to `window`, it must be one of `"hann"`, '
                                                      '`"hamming"`. Received: window=kaiser'),
    (lambda: ops.stft(SIG, 4, 2, 4, window=np.ones(3)), 'The shape of `window` must be equal to '
                                                        '\\[sequence_length\\].Received: window shape=\\(3,\\)'),
    (lambda: ops.istft((X, X), 4, 2, 2), 'Paddings must be non-negative: -1 -1'),     # TF 2.21's Pad of the window
    # (ops.hamming(-1): TF's Range InvalidArgumentError, tests/test_kerasops12_window_lengths.py)
])
def test_bad_input_raises_a_clear_error(call, message):
    with pytest.raises((TypeError, ValueError), match=message):
        call()
