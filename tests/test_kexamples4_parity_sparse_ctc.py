"""keras.io's OCR example (Keras 3 version) casts its sparse labels with keras.ops.cast and calls
tf.compat.v1.nn.ctc_loss(labels=, inputs=, sequence_length=). tapeflow refused a SparseTensor in
keras.ops (cast, dtype, is_tensor, convert_to_tensor) and had only TF 2's ctc_loss under compat.v1.
Values derived from TF 2.21 + Keras 3 (kexamples4's d29.py and d30.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _sparse():
    return tf.SparseTensor([[0, 0], [1, 2]], [1.5, 2.5], [2, 3])


def test_keras_ops_keep_sparse_tensors_sparse():
    cast = keras.ops.cast(_sparse(), 'int32')
    assert isinstance(cast, tf.SparseTensor) and cast.dtype == tf.int32
    assert cast.values.numpy().tolist() == [1, 2] and tuple(cast.shape) == (2, 3)
    assert keras.ops.cast(_sparse(), None).dtype == tf.float32
    assert keras.ops.is_tensor(_sparse()) and keras.ops.dtype(_sparse()) == 'float32'
    assert isinstance(keras.ops.convert_to_tensor(_sparse()), tf.SparseTensor)
    assert keras.ops.convert_to_tensor(_sparse(), dtype='float64').dtype == tf.float64
    dense = keras.ops.convert_to_tensor(_sparse(), sparse=False)
    assert not isinstance(dense, tf.SparseTensor) and dense.numpy().tolist() == [[1.5, 0, 0], [0, 0, 2.5]]


def _ctc_case():
    x = tf.Variable(np.random.RandomState(0).randn(6, 2, 5).astype('float32'))
    labels = tf.SparseTensor([[0, 0], [0, 1], [1, 0], [1, 1], [1, 2]], tf.constant([1, 2, 3, 3, 0], tf.int32), [2, 3])
    return x, labels


def test_compat_v1_ctc_loss_takes_tf1_arguments():
    x, labels = _ctc_case()
    with tf.GradientTape() as tape:
        loss = tf.compat.v1.nn.ctc_loss(labels=labels, inputs=x, sequence_length=tf.constant([6, 5]))
    # TF 2.21: [6.572630405426025, 7.563510894775391] (the second is an ulp or two off here: the
    # forward-backward sums are not TF's order)
    assert loss.dtype == tf.float32 and float(loss[0]) == 6.572630405426025
    assert float(loss[1]) == pytest.approx(7.563510894775391, rel=1e-6)
    gradient = tape.gradient(loss, x).numpy()[:2, 0]
    np.testing.assert_allclose(gradient, [
        [0.225649, -0.134643, 0.10289, 0.363515, -0.557411],
        [0.112513, -0.27772, 0.180451, 0.110024, -0.125268]], atol=2e-6)
    batch_major = tf.compat.v1.nn.ctc_loss(labels, tf.transpose(x, [1, 0, 2]), [6, 6], time_major=False)
    assert batch_major.numpy().tolist() == pytest.approx([6.572630405426025, 7.724331855773926], rel=1e-6)


def test_compat_v1_ctc_loss_refuses_dense_labels():
    x, _ = _ctc_case()
    expected = 'Expected argument `labels` to be a SparseTensor. Received labels=\\[\\[1 2\\]\\]'
    with pytest.raises(TypeError, match=expected):
        tf.compat.v1.nn.ctc_loss(tf.constant([[1, 2]]), x, [6, 6])
