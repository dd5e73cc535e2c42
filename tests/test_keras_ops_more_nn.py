"""keras.ops normalization, attention, label encodings and activations (ops_nn_extra).

Golden values: every GOLDEN row was computed by evaluating its expression with
Keras 3.15 (TensorFlow backend, /opt/tfref) on the inputs below and printing
the values and ``keras.ops.dtype``; float32 values are written in their
shortest float32 repr.
"""
import numpy as np
import pytest

from framework import keras
from framework.gradient_check import check_gradients
from helpers_keras_ops import check_keras_result, golden

ops = keras.ops

X = np.array([[0.5, -1.5, 2.0], [3.0, 0.25, -0.75]], np.float32)
I = np.array([[1, -2, 3], [4, 0, -6]], np.int32)  # noqa: E741
V = np.array([0.2, 0.7, 0.1], np.float32)
P = np.array([[0.2, 0.3, 0.5], [0.6, 0.3, 0.1]], np.float32)
T = np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 10
Q4 = (np.arange(24, dtype=np.float32).reshape(1, 3, 2, 4) % 7 - 3) / 4       # (batch, seq, heads, head_dim)
K4 = (np.arange(32, dtype=np.float32).reshape(1, 4, 2, 4) % 5 - 2) / 3
V4 = (np.arange(32, dtype=np.float32).reshape(1, 4, 2, 4) % 6) / 5

# (expression, Keras 3.15's value, Keras 3.15's dtype)
GOLDEN = [
    ('ops.batch_normalization(X, V, P[0], axis=-1)', [[0.6691495, -4.0099545, 2.6843228], [6.245396, -0.82021797, -1.2008812]], 'float32'),
    ('ops.batch_normalization(X, V, P[0], axis=1, offset=V, scale=P[1], epsilon=0.1)', [[0.52863353, -0.34355167, 0.34528893], [3.2672465, 0.48654625, -0.009734526]], 'float32'),
    ('ops.batch_normalization(X, np.array([0.5, -0.5], np.float32), np.array([2.0, 0.5], np.float32), axis=0, scale=np.array([1.5, 2.0], np.float32))', [[0.0, -2.1207902, 1.5905926], [9.88961, 2.1192021, -0.70640063]], 'float32'),
    ('ops.batch_normalization(T, T[0, 0], T[1, 0], axis=2, offset=T[0, 1])', [[[0.4, 0.5, 0.6, 0.7], [0.7649963, 0.85068834, 0.9379411, 1.0264897], [1.1299926, 1.2013767, 1.275882, 1.3529797]], [[1.4949889, 1.5520649, 1.6138232, 1.6794693], [1.8599852, 1.9027534, 1.9517641, 2.005959], [2.2249815, 2.2534416, 2.2897053, 2.332449]]], 'float32'),
    ('ops.layer_normalization(X)', [[0.116247624, -1.278724, 1.1624763], [1.3665297, -0.36791182, -0.9986178]], 'float32'),
    ('ops.layer_normalization(X, gamma=V, beta=P[0])', [[0.22324952, -0.59510684, 0.61624765], [0.47330597, 0.042461745, 0.4001382]], 'float32'),
    ('ops.layer_normalization(X, axis=0, epsilon=0.01)', [[-0.9968153, -0.99353266, 0.9973658], [0.9968152, 0.9935326, -0.9973658]], 'float32'),
    ('ops.layer_normalization(T, gamma=np.ones((3, 4), np.float32) * 2, axis=(1, 2))', [[[-3.1865087, -2.6071434, -2.0277781, -1.448413], [-0.8690479, -0.28968263, 0.28968263, 0.86904764], [1.4484129, 2.0277781, 2.6071434, 3.1865087]], [[-3.1865087, -2.6071444, -2.0277786, -1.4484129], [-0.8690481, -0.2896824, 0.2896824, 0.86904716], [1.4484129, 2.0277777, 2.6071434, 3.1865082]]], 'float32'),
    ('ops.layer_normalization(T, gamma=np.arange(3, dtype=np.float32), beta=np.ones(3, np.float32), axis=1)', [[[1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0000002, 1.0], [3.4494884, 3.4494886, 3.449489, 3.449489]], [[1.0, 1.0, 1.0, 1.0], [1.0, 1.0000005, 1.0, 1.0], [3.4494886, 3.4494886, 3.4494896, 3.4494886]]], 'float32'),
    ('ops.layer_normalization(X, gamma=V, rms_scaling=True)', [[0.06974858, -0.73236006, 0.13949716], [0.3784236, 0.11037355, -0.04730295]], 'float32'),
    ('ops.rms_normalization(X)', [[0.3396831, -1.0190493, 1.3587323], [1.6748717, 0.13957264, -0.41871792]], 'float32'),
    ('ops.rms_normalization(X, scale=V, epsilon=0.1)', [[0.06642112, -0.6974217, 0.13284224], [0.3298729, 0.09621293, -0.041234113]], 'float32'),
    ('ops.rms_normalization(T, axis=(1, 2))', [[[0.0, 0.15399809, 0.30799618, 0.4619943], [0.61599237, 0.76999044, 0.9239886, 1.0779866], [1.2319847, 1.3859828, 1.5399809, 1.693979]], [[0.67275035, 0.7288128, 0.78487533, 0.84093785], [0.89700043, 0.95306295, 1.0091255, 1.0651879], [1.1212505, 1.177313, 1.2333755, 1.289438]]], 'float32'),
    ('ops.dot_product_attention(Q4, K4, V4)', [[[[0.28077066, 0.48077065, 0.37414286, 0.5741429], [0.40962973, 0.60962975, 0.29618213, 0.49618214]], [[0.30253798, 0.502538, 0.3647947, 0.56479466], [0.5650581, 0.76505804, 0.20483604, 0.40483606]], [[0.32501292, 0.5250129, 0.35460484, 0.5546049], [0.58221924, 0.78221923, 0.22082618, 0.42082617]]]], 'float32'),
    ('ops.dot_product_attention(Q4, K4, V4, scale=0.3)', [[[[0.28907424, 0.48907423, 0.38365573, 0.5836557], [0.4491092, 0.64910924, 0.29558828, 0.49558827]], [[0.30168656, 0.5016866, 0.3782796, 0.5782796], [0.5374646, 0.7374646, 0.24163695, 0.44163695]], [[0.31454232, 0.5145423, 0.3725955, 0.5725955], [0.54917467, 0.74917465, 0.25292426, 0.45292428]]]], 'float32'),
    ('ops.dot_product_attention(Q4, K4, V4, is_causal=True)', [[[[0.0, 0.2, 0.4, 0.6], [0.8, 1.0, 0.0, 0.2]], [[0.15495253, 0.35495254, 0.55495256, 0.75495255], [0.4, 0.6, 0.2, 0.4]], [[0.4125304, 0.6125304, 0.34238115, 0.54238117], [0.513617, 0.71361697, 0.29038784, 0.49038783]]]], 'float32'),
    ('ops.dot_product_attention(Q4, K4, V4, mask=np.array([True, False, True, True]))', [[[[0.2526431, 0.45264313, 0.27367845, 0.4736785], [0.68706614, 0.8870661, 0.22586778, 0.4258678]], [[0.27916342, 0.4791634, 0.2604183, 0.46041828], [0.72524524, 0.9252453, 0.14950942, 0.3495094]], [[0.30682686, 0.5068269, 0.24658658, 0.44658658], [0.7091121, 0.9091121, 0.18177582, 0.38177583]]]], 'float32'),
    ('ops.dot_product_attention(Q4, K4, V4, bias=np.linspace(-1, 1, 12, dtype=np.float32).reshape(3, 4))', [[[[0.29355574, 0.49355572, 0.35778564, 0.55778563], [0.4364021, 0.63640213, 0.29087526, 0.49087524]], [[0.31545028, 0.5154503, 0.34765393, 0.5476539], [0.58985806, 0.7898581, 0.19438073, 0.39438075]], [[0.3379634, 0.5379634, 0.33677426, 0.5367743], [0.58389217, 0.78389215, 0.23275769, 0.4327577]]]], 'float32'),
    ('ops.dot_product_attention(Q4, K4, V4, mask=np.zeros((3, 4), bool))', [[[[0.3, 0.5, 0.4, 0.6], [0.5, 0.70000005, 0.3, 0.5]], [[0.3, 0.5, 0.4, 0.6], [0.5, 0.70000005, 0.3, 0.5]], [[0.3, 0.5, 0.4, 0.6], [0.5, 0.70000005, 0.3, 0.5]]]], 'float32'),
    ('ops.in_top_k(np.array([2, 0]), X, 1)', [True, True], 'bool'),
    ('ops.in_top_k(np.array([1, 1]), X, 2)', [False, True], 'bool'),
    ('ops.in_top_k(np.array([1, 2], np.int32), np.array([[1.0, 2.0, 2.0], [3.0, 3.0, 3.0]], np.float32), 1)', [True, True], 'bool'),
    ('ops.multi_hot(np.array([[0, 2], [1, 1]]), 4)', [[1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 0.0]], 'float32'),
    ('ops.multi_hot(np.array([3, 0, 3]), 5)', [1.0, 0.0, 0.0, 1.0, 0.0], 'float32'),
    ('ops.multi_hot(np.array([[0, 2], [1, 1]]), 3, axis=0)', [[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]], 'float32'),
    ("ops.multi_hot(np.array([[0, 2], [1, 9]]), 3, dtype='int32')", [[1, 0, 1], [0, 1, 0]], 'int32'),
    ('ops.psnr(X, X * 0.9, 1.0)', 15.706511, 'float32'),
    ('ops.psnr(P, P[::-1], 255)', 57.850513, 'float32'),
    ('ops.celu(X)', [[0.5, -0.77686983, 2.0], [3.0, 0.25, -0.5276334]], 'float32'),
    ('ops.celu(X, alpha=0.5)', [[0.5, -0.47510648, 2.0], [3.0, 0.25, -0.38843492]], 'float32'),
    ('ops.glu(np.arange(8, dtype=np.float32).reshape(2, 4) / 4 - 1)', [[-0.37754068, -0.32836762], [0.0, 0.16979468]], 'float32'),
    ('ops.hard_shrink(X)', [[0.0, -1.5, 2.0], [3.0, 0.0, -0.75]], 'float32'),
    ('ops.hard_tanh(X)', [[0.5, -1.0, 1.0], [1.0, 0.25, -0.75]], 'float32'),
    ('ops.soft_shrink(X, threshold=0.3)', [[0.19999999, -1.2, 1.7], [2.7, 0.0, -0.45]], 'float32'),
    ('ops.sparse_plus(X)', [[0.5625, 0.0, 2.0], [3.0, 0.390625, 0.015625]], 'float32'),
    ('ops.sparse_sigmoid(X)', [[0.75, 0.0, 1.0], [1.0, 0.625, 0.125]], 'float32'),
    ('ops.squareplus(X)', [[1.2807764, 0.5, 2.4142137], [3.3027756, 1.1327822, 0.69300044]], 'float32'),
    ('ops.tanh_shrink(X)', [[0.037882864, -0.5948517, 1.0359724], [2.0049453, 0.0050813407, -0.11485106]], 'float32'),
    ('ops.threshold(X, 0.4, -1.0)', [[0.5, -1.0, 2.0], [3.0, -1.0, -1.0]], 'float32'),
    ('ops.multi_hot(np.array([[[0, 2], [1, 1]]]), 3, axis=1)', [[[1.0, 1.0], [1.0, 1.0]]], 'float32'),
    ("ops.multi_hot(np.array([[0, 2], [1, 1]]), 3, dtype='bool')", [[True, False, True], [False, True, False]], 'bool'),
    ('ops.dot_product_attention(np.concatenate([Q4, Q4], 2), K4, V4)', [[[[0.28077066, 0.48077065, 0.37414286, 0.5741429], [0.318396, 0.518396, 0.4275371, 0.62753713], [0.49215987, 0.6921599, 0.3625724, 0.5625724], [0.40962973, 0.60962975, 0.29618213, 0.49618214]], [[0.30253798, 0.502538, 0.3647947, 0.56479466], [0.30445996, 0.50446, 0.5155084, 0.7155084], [0.48716003, 0.68716, 0.3540382, 0.5540382], [0.5650581, 0.76505804, 0.20483604, 0.40483606]], [[0.32501292, 0.5250129, 0.35460484, 0.5546049], [0.23083231, 0.43083233, 0.43039855, 0.6303986], [0.481604, 0.681604, 0.3459331, 0.54593307], [0.58221924, 0.78221923, 0.22082618, 0.42082617]]]], 'float32'),
]


@golden(GOLDEN)
def test_values_and_dtypes_match_keras3(expression, expected, dtype):
    check_keras_result(eval(expression), expected, dtype, atol=1e-6)


def test_attention_extensions_beyond_keras_tensorflow():
    # One key/value head serves every query head (Keras's TensorFlow backend fails here; JAX's repeats it).
    one = ops.dot_product_attention(Q4, K4[:, :, :1], V4[:, :, :1])
    both = ops.dot_product_attention(Q4, np.repeat(K4[:, :, :1], 2, 2), np.repeat(V4[:, :, :1], 2, 2))
    np.testing.assert_allclose(np.asarray(one), np.asarray(both), rtol=1e-6)
    # The soft cap bounds the logits by cap * tanh(logits / cap), as JAX's.
    capped = ops.dot_product_attention(Q4, K4, V4, attn_logits_soft_cap=0.5)
    logits = np.einsum('btnh,bsnh->bnts', Q4, K4) / 2.0
    logits = 0.5 * np.tanh(logits / 0.5)
    probs = np.exp(logits - logits.max(-1, keepdims=True))
    probs /= probs.sum(-1, keepdims=True)
    np.testing.assert_allclose(np.asarray(capped), np.einsum('bnts,bsnh->btnh', probs, V4), rtol=1e-5)


# ---- gradients: the tape against central differences, in float64 ----------------------------
A = np.array([[0.3, -1.2, 0.8], [1.1, 0.4, -0.6]])
C = np.array([0.5, 0.2, 0.9])
Q, K, W = (a.astype(np.float64) for a in (Q4, K4, V4))
GRADIENT_CASES = {
    'batch_normalization': (lambda a, c: ops.batch_normalization(a, c, c * c + 0.1, axis=1, offset=c * 2, scale=c + 1)
                            + ops.batch_normalization(a, c[:2], c[1:] + 0.5, axis=0), [A, C]),
    'layer_normalization': (lambda a, c: ops.layer_normalization(a, gamma=c, beta=c * 3)
                            + ops.layer_normalization(a, axis=0, epsilon=0.01), [A, C]),
    'rms_normalization': (lambda a, c: ops.rms_normalization(a, scale=c) + ops.rms_normalization(a, axis=(0, 1)), [A, C]),
    'attention': (lambda q, k, w: ops.dot_product_attention(q, k, w, bias=np.linspace(-1, 1, 12).reshape(3, 4))
                  + ops.dot_product_attention(q, k, w, is_causal=True, scale=0.7), [Q, K, W]),
    'psnr_activations': (lambda a: ops.psnr(a, a * 0.5 + 0.1, 2.0) + ops.celu(a) + ops.hard_tanh(a * 0.5)
                         + ops.squareplus(a) + ops.glu(ops.concatenate([a, a * 2], axis=1)), [A]),
}


@pytest.mark.parametrize('name', sorted(GRADIENT_CASES))
def test_gradients_match_central_differences(name):
    fn, inputs = GRADIENT_CASES[name]
    check_gradients(fn, inputs)


# ---- bad input: the error names the op and says what is wrong ----------------------------------
@pytest.mark.parametrize('call, message', [
    # (an axis out of range, an unknown keyword, float ids for multi_hot: tests/test_errors59_keras_nn_arguments.py)
    (lambda: ops.batch_normalization(X, V, V, axis=0), r'keras.ops.batch_normalization: mean of shape \(3,\) does not'),
    # TF 2.21: Keras reshapes beta to (2, 1) for axis=0
    (lambda: ops.layer_normalization(X, gamma=V[:2], axis=0, beta=V),
     'Input to reshape is a tensor with 3 values, but the requested shape has 2'),
    (lambda: ops.rms_normalization(X, axis=3), r'Invalid reduction dimension \(3 for input with 2 dimension'),  # TF's Mean
    (lambda: ops.dot_product_attention(X, X, X), '`dot_product_attention` only supports 4D inputs'),
    (lambda: ops.dot_product_attention(Q4, K4, V4, flash_attention=True),
     'Flash attention is not supported in tensorflow backend.'),
    # TF 2.21: Keras repeats each key/value head 3 // 2 times, Einsum refuses the rest
    (lambda: ops.dot_product_attention(np.concatenate([Q4] * 3, 2)[:, :, :3], K4, V4),
     'Expected dimension 3 at axis 2 of the input shaped \\[1,4,2,4\\] but got dimension 2'),
    (lambda: ops.multi_hot(I), 'Argument `num_classes` must be specified.'),
    # (multi_hot / one_hot with sparse=True build Keras's SparseTensor: tests/test_opsfuzz5_sparse_one_hot.py)
    (lambda: ops.psnr(X, V, 1.0), 'keras.ops.psnr: x1 and x2 must have the same shape'),
    (lambda: ops.celu(X, alpha=-1.0), 'keras.ops.celu'),
    (lambda: ops.in_top_k(np.array([0]), X, 1), 'keras.ops.in_top_k'),
])
def test_bad_input_raises_a_clear_error(call, message):
    with pytest.raises((TypeError, ValueError), match=message):
        call()
