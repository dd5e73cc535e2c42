"""KLDivergence / LogCoshError (metrics and loss functions) with integer predictions, as Keras 3 on TF 2.21.

Keras's kl_divergence and log_cosh convert y_pred as it comes and y_true to its dtype, so with integer
predictions ops.clip(y_true, 1e-7, 1) and x * -2.0 fail converting the Python float to the integer dtype
(TF's TypeError); tapeflow made the predictions float32 and printed a score. The loss classes cast to
float32 first and still score. Goldens: /work/notes/progs/metrics15/p12.py under TF 2.21
(kld, kldf, kld32, lc, fkld, flc, lkld) and p4.py (loss KLDivergence, loss LogCosh).
"""
import numpy as np
import pytest

from framework import keras

LABELS = np.array([[0, 3, 1, 2], [2, 0, 1, 3]])


@pytest.mark.parametrize('call, text', [
    (lambda: keras.metrics.KLDivergence()(LABELS, LABELS), 'Cannot convert 1e-07 to EagerTensor of dtype int64'),
    (lambda: keras.metrics.KLDivergence()(LABELS.astype('float32'), LABELS),
     'Cannot convert 1e-07 to EagerTensor of dtype int64'),
    (lambda: keras.metrics.KLDivergence()(LABELS, LABELS.astype('int32')),
     'Cannot convert 1e-07 to EagerTensor of dtype int32'),
    (lambda: keras.losses.kld(LABELS, LABELS), 'Cannot convert 1e-07 to EagerTensor of dtype int64'),
    (lambda: keras.metrics.LogCoshError()(LABELS, LABELS), 'Cannot convert -2.0 to EagerTensor of dtype int64'),
    (lambda: keras.losses.logcosh(LABELS, LABELS), 'Cannot convert -2.0 to EagerTensor of dtype int64'),
], ids=['kld', 'kld_float_labels', 'kld_int32', 'kld_fn', 'logcosh', 'logcosh_fn'])
def test_integer_predictions_fail_as_tf(call, text):
    with pytest.raises(TypeError) as info:
        call()
    assert str(info.value) == text


def test_loss_classes_and_float_predictions_still_score(same_as_tf):
    # TF 2.21 on this machine (p4.py): loss KLDivergence 0.0, loss LogCosh 1.0170279741287231
    assert float(keras.losses.KLDivergence()(LABELS, LABELS)) == 0.0
    same_as_tf(float(keras.losses.LogCosh()(LABELS.reshape(2, 4), LABELS.reshape(2, 4) * 2)), 1.0170279741287231,
               measured_on='avx2')
    m = keras.metrics.KLDivergence()
    m.update_state(LABELS, LABELS.astype('float32'))
    assert m.result().dtype == 'float32' and float(m.result()) == 0.0
