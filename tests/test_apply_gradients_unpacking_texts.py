"""apply_gradients given something other than (gradient, variable) pairs: TF 2.21's texts (Keras 3 unpacks
them with ``grads, variables = zip(*pairs)``), tapeflow's advice as a note; the class is a TypeError,
ValueError and AttributeError at once (GradientPairError), so TF's except clauses catch it."""
import pytest

import framework as tf
from framework import keras

EAGER = "'tensorflow.python.framework.ops.EagerTensor' object has no attribute '_unique_id'"


def cases():
    v = tf.Variable([1.0, 2.0])
    g = tf.constant([1.0, 1.0])
    # printed by TF 2.21: str(e) of opt.apply_gradients(bad)
    return [([(g, v, v)], ValueError, 'too many values to unpack (expected 2)'),
            ([g], AttributeError, EAGER),
            ([(g,)], ValueError, 'not enough values to unpack (expected 2, got 1)'),
            ([v], AttributeError, EAGER),
            ((g, v), AttributeError, EAGER),
            ([(g, v), g], AttributeError, EAGER)]


@pytest.mark.parametrize('index', range(6))
def test_malformed_pairs_raise_tensorflows_text_and_change_nothing(index):
    bad, tf_class, text = cases()[index]
    variables = [x for x in tf.nest.flatten(bad) if isinstance(x, tf.Variable)]
    before = [x.numpy().copy() for x in variables]
    optimizer = keras.optimizers.SGD(0.1)
    with pytest.raises(tf_class) as caught:
        optimizer.apply_gradients(bad)
    assert str(caught.value) == text
    assert any('expected (gradient, variable) pairs' in note for note in caught.value.__notes__)
    assert all((x.numpy() == b).all() for x, b in zip(variables, before))
    assert int(optimizer.iterations) == 0
