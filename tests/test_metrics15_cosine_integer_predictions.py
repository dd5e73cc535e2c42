"""keras.metrics.CosineSimilarity and keras.losses.cosine_similarity with integer predictions, as Keras 3 on TF 2.21.

Keras's cosine_similarity converts y_pred as it comes and y_true to its dtype, so normalizing integer
predictions reaches Rsqrt with an integer type and TF's kernel refuses it; tapeflow made them float32 and
printed a similarity. keras.losses.CosineSimilarity (the class) casts to float32 first and still scores.
Goldens: /work/notes/progs/metrics15/p11.py under TF 2.21 (loss, m, mf, mf2, lossc).
"""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError

LABELS = np.array([[0, 3, 1, 2], [2, 0, 1, 3]])


def rsqrt_refusal(dtype):
    return ("Value for attr 'T' of %s is not in the list of allowed values: bfloat16, half, float, double, "
            "complex64, complex128\n\t; NodeDef: {{node Rsqrt}}; Op<name=Rsqrt; signature=x:T -> y:T; "
            "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]> "
            "[Op:Rsqrt] name: " % dtype)


@pytest.mark.parametrize('y_true, dtype', [(LABELS.astype('int32'), 'int32'), (LABELS.astype('float32'), 'int64')],
                         ids=['int32', 'float_labels'])
def test_metric_with_integer_predictions_fails_in_rsqrt_as_tf(y_true, dtype):
    m = keras.metrics.CosineSimilarity()
    with pytest.raises(InvalidArgumentError) as info:
        m(y_true, y_true.astype(dtype))
    assert str(info.value) == rsqrt_refusal(dtype)
    assert float(m.result()) == 0.0


def test_function_fails_as_tf():
    with pytest.raises(InvalidArgumentError) as info:
        keras.losses.cosine_similarity(LABELS, LABELS * 2)
    assert str(info.value) == rsqrt_refusal('int64')


def test_loss_class_and_float_predictions_still_score(same_as_tf):
    # TF 2.21 on this machine (p11.py): lossc -0.9999998807907104, mf2 0.9999998807907104
    same_as_tf(float(keras.losses.CosineSimilarity()(LABELS, LABELS * 2)), -0.9999998807907104, measured_on='avx2')
    same_as_tf(float(keras.metrics.CosineSimilarity()(LABELS, LABELS.astype('float32'))), 0.9999998807907104,
               measured_on='avx2')
