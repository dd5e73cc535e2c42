"""Hinge / SquaredHinge / CategoricalHinge (metrics and loss functions) with integer predictions, as Keras 3
on TF 2.21.

Keras's hinge functions convert y_pred as it comes and cast y_true to its dtype, so integer predictions
fail where a Python float meets them: 1.0 - y_true * y_pred ('Cannot convert 1.0 to EagerTensor of dtype
int64'), or, for 0/1 labels, 2.0 * y_true inside convert_binary_labels_to_hinge's keras.ops.cond, in
Cond.call's words; tapeflow made the predictions float32 and printed a score. The loss classes cast to
float32 first and still score. Goldens: /work/notes/progs/metrics15/p12.py and p13.py under TF 2.21.
"""
import re

import numpy as np
import pytest

from framework import keras

LABELS = np.array([[0, 3, 1, 2], [2, 0, 1, 3]])
BINARY = np.array([[0, 1, 1, 0], [1, 0, 1, 1]])


def cond_call_text(dtype):
    return ("Exception encountered when calling Cond.call().\n\n\x1b[1mCannot convert 2.0 to EagerTensor of dtype "
            "%s\x1b[0m\n\nArguments received by Cond.call():\n  • args=('tf.Tensor(shape=(), dtype=bool)', "
            "'<function convert_binary_labels_to_hinge.<locals>._convert_binary_labels at ADDR>', "
            "'<function convert_binary_labels_to_hinge.<locals>._return_labels_unconverted at ADDR>')\n"
            "  • kwargs=<class 'inspect._empty'>" % dtype)


@pytest.mark.parametrize('call, text', [
    (lambda: keras.metrics.Hinge()(LABELS, LABELS), 'Cannot convert 1.0 to EagerTensor of dtype int64'),
    (lambda: keras.metrics.CategoricalHinge()(BINARY, BINARY), 'Cannot convert 1.0 to EagerTensor of dtype int64'),
    (lambda: keras.metrics.CategoricalHinge()(BINARY, BINARY.astype('int32')),
     'Cannot convert 1.0 to EagerTensor of dtype int32'),
    (lambda: keras.metrics.Hinge()(BINARY, BINARY), cond_call_text('int64')),
    (lambda: keras.metrics.SquaredHinge()(BINARY.astype('float32'), BINARY), cond_call_text('int64')),
    (lambda: keras.losses.squared_hinge(BINARY.astype('float32'), BINARY.astype('int32')), cond_call_text('int32')),
], ids=['hinge', 'categorical', 'categorical_int32', 'hinge_binary', 'squared_float_labels', 'squared_fn_int32'])
def test_integer_predictions_fail_as_tf(call, text):
    with pytest.raises(TypeError) as info:
        call()
    assert re.sub('0x[0-9a-f]+', 'ADDR', str(info.value)) == text


def test_loss_classes_and_float_predictions_still_score():
    # TF 2.21 (p12.py lh; p4.py loss Hinge, mix2 Hinge): 0.375, 0.25, 0.25
    assert float(keras.losses.Hinge()(BINARY, BINARY)) == 0.375
    assert float(keras.losses.Hinge()(LABELS, LABELS * 2)) == 0.25
    assert float(keras.metrics.Hinge()(LABELS, LABELS.astype('float32') * 2)) == 0.25
