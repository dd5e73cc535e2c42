"""optimizer.apply_gradients given items that cannot be iterated: Keras 3 unpacks the pairs with
``grads, variables = zip(*pairs)``, so TF 2.21 raises zip's own TypeError for the item ('Cannot iterate over a
scalar tensor.', "'float' object is not iterable"); tapeflow raised its own sentence. Its words stay as a note.
Nothing is changed. Texts printed by TF 2.21 (/work/notes/progs/errors48/c15.txt)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('items, text', [
    (lambda v: [tf.constant(1.0)], 'Cannot iterate over a scalar tensor.'),
    (lambda v: [v], 'Cannot iterate over a scalar tensor.'),
    (lambda v: [tf.constant(1.0), v], 'Cannot iterate over a scalar tensor.'),
    (lambda v: [(tf.constant(1.0), v), tf.constant(1.0)], 'Cannot iterate over a scalar tensor.'),
    (lambda v: [1.0], "'float' object is not iterable"),
    (lambda v: [3], "'int' object is not iterable"),
    (lambda v: [None], "'NoneType' object is not iterable"),
    (lambda v: [np.float32(1.0)], "'numpy.float32' object is not iterable"),
])
def test_an_item_that_cannot_be_iterated(items, text):
    variable = tf.Variable(1.0)
    optimizer = keras.optimizers.SGD()
    with pytest.raises(TypeError) as info:
        optimizer.apply_gradients(items(variable))
    assert str(info.value) == text
    assert any('expected (gradient, variable) pairs' in note for note in info.value.__notes__)
    assert variable.numpy() == 1.0 and int(optimizer.iterations.numpy()) == 0
