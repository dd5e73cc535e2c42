"""tf.nn.sparse_softmax_cross_entropy_with_logits refuses labels that are not int32 / int64 in TF 2.21's
op-registry words (texts printed by TF 2.21); Keras's sparse losses, which cast labels first, still take them."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_LOGITS = [[1.0, 2.0], [1.0, 0.0]]
_TAIL = ("\n\t; NodeDef: {{node SparseSoftmaxCrossEntropyWithLogits}}; Op<name=SparseSoftmaxCrossEntropyWithLogits; "
         "signature=features:T, labels:Tlabels -> loss:T, backprop:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, "
         "DT_FLOAT, DT_DOUBLE]; attr=Tlabels:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]> "
         "[Op:SparseSoftmaxCrossEntropyWithLogits] name: ")


@pytest.mark.parametrize('labels, name', [([0.0, 1.0], 'float'), (np.array([0.0, 1.0]), 'double'),
                                          (np.array([True, False]), 'bool'), (np.array([0, 1], np.uint8), 'uint8'),
                                          (np.array(['a', 'b']), 'string')])
def test_labels_of_another_dtype(labels, name):
    with pytest.raises(InvalidArgumentError) as err:
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=_LOGITS)
    assert str(err.value) == ("Value for attr 'Tlabels' of %s is not in the list of allowed values: int32, int64"
                              % name) + _TAIL


def test_integer_labels_and_keras_casts():
    out = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=np.array([0, 1], np.int64), logits=_LOGITS)
    np.testing.assert_array_equal(out.numpy(), np.float32([1.3132616, 1.3132616]))
    loss = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(np.array([0, 1], np.uint8),
                                                                          np.float32(_LOGITS))
    assert loss.numpy() == np.float32(1.3132616)
