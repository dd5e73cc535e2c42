"""keras.ops.ctc_loss and ctc_decode (ops_ctc).

Golden values: every GOLDEN row was computed by evaluating its expression with
Keras 3.15 (TensorFlow backend, /opt/tfref) on the inputs below and printing
the values and ``keras.ops.dtype``; float32 values are written in their
shortest float32 repr. A tuple of values is a tuple of results.
"""
import numpy as np
import pytest

from framework import keras
from framework.gradient_check import check_gradients
from helpers_keras_ops import check_keras_result, golden

ops = keras.ops

LOGITS = np.log(np.array([[[0.5, 0.3, 0.2], [0.1, 0.7, 0.2], [0.2, 0.2, 0.6], [0.6, 0.3, 0.1]],
                          [[0.2, 0.2, 0.6], [0.2, 0.6, 0.2], [0.3, 0.6, 0.1], [0.8, 0.1, 0.1]]], np.float32))
CT = np.array([[1, 2], [2, 1]], np.int32)

# (expression, Keras 3.15's value, Keras 3.15's dtype)
GOLDEN = [
    ('ops.ctc_loss(CT, LOGITS, np.array([2, 2]), np.array([4, 4]))', [1.19007, 0.8155408], 'float32'),
    ('ops.ctc_loss(CT, LOGITS, np.array([1, 2]), np.array([4, 3]))', [1.6949956, 0.70927644], 'float32'),
    ('ops.ctc_loss(np.array([[0, 1], [1, 0]], np.int32), LOGITS * 2, np.array([2, 2]), np.array([4, 4]), mask_index=2)', [3.3781033, 0.24427044], 'float32'),
    ('ops.ctc_decode(LOGITS, np.array([4, 4]))', ([[[1, 2, -1, -1], [2, 1, -1, -1]]], [[2.0714734], [1.7556202]],), ('int32', 'float32',)),
    ('ops.ctc_decode(LOGITS, np.array([3, 2]), merge_repeated=False)', ([[[1, 2, -1, -1], [2, 1, -1, -1]]], [[1.5606477], [1.0216511]],), ('int32', 'float32',)),
    ('ops.ctc_decode(LOGITS, np.array([4, 4]), mask_index=2)', ([[[0, 1, 0, -1], [1, 0, -1, -1]]], [[2.0714734], [1.7556202]],), ('int32', 'float32',)),
    ('ops.ctc_decode(np.concatenate([LOGITS, LOGITS[:, :1]], 1), np.array([5, 5]), merge_repeated=False, mask_index=1)', ([[[0, 2, 0, 0, -1], [2, 0, 2, -1, -1]]], [[2.7646205], [2.2664459]],), ('int32', 'float32',)),
    # beam search (tf.nn.ctc_beam_search_decoder with the mask column moved last): /work/notes/progs/tfops/k1.py
    ("ops.ctc_decode(LOGITS, np.array([4, 4]), strategy='beam_search', beam_width=3, top_paths=2)", ([[[1, 2, -1, -1], [2, 1, -1, -1]], [[1, -1, -1, -1], [1, -1, -1, -1]]], [[-1.3063747, -1.7625891], [-0.81644523, -1.6255672]],), ('int32', 'float32',)),
    ("ops.ctc_decode(LOGITS, np.array([4, 3]), strategy='beam_search', mask_index=2)", ([[[1, 0, -1, -1], [1, -1, -1, -1]]], [[-1.3555712], [-0.88673174]],), ('int32', 'float32',)),
]


@golden(GOLDEN)
def test_values_and_dtypes_match_keras3(expression, expected, dtype):
    check_keras_result(eval(expression), expected, dtype, atol=2e-6)


def test_ctc_loss_gradient_matches_central_differences():
    # Keras computes float64 logits in float32 (tests/test_metrics13_ctc_dtypes.py), too coarse for
    # central differences; the shared op's float64 gradient is checked in test_tfops_ctc.py
    check_gradients(lambda x: ops.ctc_loss(CT, x, np.array([2, 1]), np.array([4, 3]), mask_index=0)
                    + ops.ctc_loss(np.array([[0, 1], [1, 0]]), x, np.array([2, 2]), np.array([3, 4]), mask_index=2),
                    [LOGITS], delta=1e-2, atol=1e-3, rtol=1e-3)


@pytest.mark.parametrize('call, message', [
    (lambda: ops.ctc_loss(CT, LOGITS[0], [2, 2], [4, 4]), 'keras.ops.ctc_loss: target must be \\(batch, max_label_length\\)'),
    (lambda: ops.ctc_loss(CT * 2, LOGITS, [2, 2], [4, 4]), 'keras.ops.ctc_loss: target must hold integer classes in \\[0, 3\\)'),
    (lambda: ops.ctc_loss(CT, LOGITS, [3, 2], [4, 4]), 'keras.ops.ctc_loss: target_length must be 2 integers in \\[0, 2\\]'),
    (lambda: ops.ctc_loss(CT, LOGITS, [2, 2], [5, 4]), 'keras.ops.ctc_loss: output_length must be 2 integers'),
    (lambda: ops.ctc_decode(LOGITS, [4, 4], strategy='beam'), "keras.ops.ctc_decode: Invalid strategy beam"),
    (lambda: ops.ctc_decode(LOGITS[0], [4]), 'keras.ops.ctc_decode: inputs must be \\(batch, frames, classes\\)'),
    # (float lengths are cast, as Keras's TF backend casts them: test_kerasexamples16_ctc_float_targets.py)
    (lambda: ops.ctc_decode(LOGITS, [4, 4, 4]), 'keras.ops.ctc_decode: sequence_lengths must be 2 integers'),
])
def test_bad_input_raises_a_clear_error(call, message):
    with pytest.raises((TypeError, ValueError), match=message):
        call()
