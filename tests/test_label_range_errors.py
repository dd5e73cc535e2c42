"""Sparse labels outside [0, classes) are refused in the SparseSoftmaxCrossEntropyWithLogits kernel's
words (TF 2.21's CheckInvalidLabelIndex: the smallest label if negative, else the largest, then every
label), from tf.nn and from Keras's losses alike; texts printed by TF for the same calls
(/work/notes/progs/me16/sx.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

TEXT = ('{{function_node __wrapped__SparseSoftmaxCrossEntropyWithLogits_device_/job:localhost/replica:0/task:0/'
        'device:CPU:0}} Received a label value of %s which is outside the valid range of [0, %d).  Label values: %s '
        '[Op:SparseSoftmaxCrossEntropyWithLogits] name: ')


@pytest.mark.parametrize('labels, depth, named', [
    (np.array([0, 1, 5, 2]), 3, '5'), (np.array([0, -1, 5, 2]), 3, '-1'), (np.arange(40) % 7, 5, '6')])
def test_out_of_range_labels_name_the_extreme_and_list_all_labels_as_tf(labels, depth, named):
    logits = np.zeros(labels.shape + (depth,), 'float32')
    expected = TEXT % (named, depth, ' '.join(map(str, labels)))
    calls = [lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits),
             lambda: keras.losses.sparse_categorical_crossentropy(labels, logits, from_logits=True),
             lambda: keras.losses.SparseCategoricalCrossentropy()(labels, np.full_like(logits, 1 / depth))]
    for call in calls:
        with pytest.raises(tf.errors.InvalidArgumentError) as caught:
            call()
        assert str(caught.value) == expected
        assert 'labels must lie in [0, %d)' % depth in caught.value.__notes__[0]
