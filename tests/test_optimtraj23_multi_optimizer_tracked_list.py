"""MultiOptimizer given a list or dict (a misuse): Keras 3's tracker stores a TrackedList / TrackedDict copy, so the
first apply fails calling it with TF 2.21's TypeError "'TrackedList' object is not callable"; tapeflow named 'list'.
Goldens: TF 2.21 printed them (notes/progs/optimtraj23/p11_multi.py)."""
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('make, kind, inner', [
    (lambda: [keras.optimizers.Adam()], 'TrackedList', 0),
    (lambda: {'dense': keras.optimizers.Adam()}, 'TrackedDict', 1),
    (lambda: (keras.optimizers.Adam(),), 'tuple', 0),
])
def test_multi_optimizer_map_that_is_no_callable_fails_at_apply(make, kind, inner):
    opt = keras.optimizers.MultiOptimizer(make())
    assert len(opt.optimizers) == inner
    w = tf.Variable([1., 2.])
    with pytest.raises(TypeError, match="^'%s' object is not callable$" % kind):
        opt.apply_gradients([(tf.constant([1., 1.]), w)])
