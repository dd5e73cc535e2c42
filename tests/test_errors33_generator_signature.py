"""A Python generator whose later batch changes a shape its first two batches fixed: Keras 3 reads it
through tf.data.Dataset.from_generator with the signature of those two batches, so TF 2.21 fails when the
step reads that batch (InvalidArgumentError 'Graph execution error: ... TypeError: Generator yielded an
element of shape (2, 2) where an element of shape (None, 3) was expected. ...'); tapeflow failed further on
(the loss's Sub; for x, the layer's input-spec ValueError). Printed by TF 2.21 (notes/progs/errors33/gen.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from helpers_small_fit import X, Y, compiled

_ADVICE = ('Your generator provides tensors with variable input dimensions other than the batch size. Make sure '
           "that the generator's first two batches do not have the same dimension value wherever there is a variable "
           'input dimension.')


@pytest.mark.parametrize('third, got, expected', [
    ((X[:2], np.ones((2, 2), 'float32')), '(2, 2)', '(None, 3)'),
    ((np.ones((2, 5), 'float32'), Y[:2]), '(2, 5)', '(None, 4)'),
])
def test_a_later_batch_of_another_shape(third, got, expected):
    def batches():
        yield X[:2], Y[:2]
        yield X[2:4], Y[2:4]
        yield third
    model = compiled()
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        model.fit(batches(), verbose=0)
    text = str(caught.value)
    assert text.startswith('Graph execution error:\n\nDetected at node PyFunc defined at (most recent call last):\n'
                           '<stack traces unavailable>\nTypeError: Generator yielded an element of shape %s where an '
                           'element of shape %s was expected. %s' % (got, expected, _ADVICE))
    assert int(model.optimizer.iterations) == 2        # the two good steps (TF 2.21 counts the failed one too)


def test_axes_that_differ_in_the_first_two_batches_stay_open():
    # a sequence axis of 5 then 6: Keras's signature leaves it open, so a third length trains
    keras.utils.set_random_seed(1)
    inputs = keras.Input((None, 2))
    model = keras.Model(inputs, keras.layers.GlobalAveragePooling1D()(keras.layers.Dense(3)(inputs)))
    model.compile('sgd', 'mse')

    def batches():
        for length in (5, 6, 7):
            yield np.ones((2, length, 2), 'float32'), np.ones((2, 3), 'float32')
    history = model.fit(batches(), verbose=0)
    # TF 2.21: one epoch, iterations 4 (three batches and the unfed step that finds the generator spent)
    assert history.history['loss'] == [1.863886833190918] and int(model.optimizer.iterations) == 4
