"""Loss errors in Keras 3.15's words (TF 2.21 reference)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_sparse_categorical_crossentropy_on_another_axis_is_refused_in_keras_words():
    labels, scores = np.array([0, 1, 2]), np.full((3, 3), 1 / 3, 'float32')
    for call in (lambda: keras.losses.SparseCategoricalCrossentropy(axis=0)(labels, scores),
                 lambda: keras.losses.sparse_categorical_crossentropy(labels, scores, axis=0),
                 lambda: keras.ops.sparse_categorical_crossentropy(labels, scores, axis=0)):
        with pytest.raises(ValueError, match=r'^Only axis=-1 is currently supported. Received: axis=0'):
            call()


@pytest.mark.parametrize('labels, scores', [(np.ones((4, 3)), np.ones(4)), (np.ones((2, 3, 4)), np.ones((2, 3)))])
def test_categorical_accuracy_of_labels_a_rank_above_is_keras_squeeze_error(labels, scores):
    # Keras squeezes argmax(y_true) when it has y_pred's rank: ops.squeeze refuses a last axis other than 1
    for call in (lambda: keras.metrics.categorical_accuracy(labels, scores),
                 lambda: keras.metrics.CategoricalAccuracy().update_state(labels, scores)):
        with pytest.raises(ValueError, match=r'^Cannot squeeze axis=-1, because the dimension is not 1\.'):
            call()


def test_categorical_crossentropy_of_scalar_labels_is_keras_rank_error():
    text = r'^Arguments `target` and `output` must be at least rank 1\. Received: target.shape=\(\), output.shape=\(4, 3\)'
    for call in (lambda: keras.losses.CategoricalCrossentropy()(1.0, np.ones((4, 3), 'float32')),
                 lambda: keras.metrics.CategoricalCrossentropy().update_state(1.0, np.ones((4, 3), 'float32'))):
        with pytest.raises(ValueError, match=text):
            call()


def test_auc_label_weights_that_do_not_broadcast_are_broadcast_tos_error():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        keras.metrics.AUC(label_weights=[1, 2]).update_state(np.ones((4, 3)), np.ones((4, 3)) / 2)
    assert str(info.value) == ('{{function_node __wrapped__BroadcastTo_device_/job:localhost/replica:0/task:0/device:'
                               'CPU:0}} Incompatible shapes: [1,2] vs. [4,3] [Op:BroadcastTo]')


@pytest.mark.parametrize('name', ['mse', 'MAE', 'kld', 'bce'])
def test_losses_deserialize_of_a_short_spelling_is_keras_refusal(name):
    # Keras 3.15 looks the alias's function up under a public name it does not have
    with pytest.raises(ValueError, match=r"^Could not deserialize 'keras\.metrics\.%s' because it is not a "
                                         r"KerasSaveable subclass" % name):
        keras.losses.deserialize(name)
    assert keras.losses.get(name).__name__ in ('mean_squared_error', 'mean_absolute_error', 'kl_divergence',
                                               'binary_crossentropy')
