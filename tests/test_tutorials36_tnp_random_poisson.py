"""tnp.random.poisson exists, as in TF 2.21's tnp: int64 tf.random.poisson draws from the global stream.
tapeflow had no such name (AttributeError). Values printed by TF 2.21 (probe tn13.py in
/work/notes/progs/tutorials36).
"""
import framework as tf
import framework.experimental.numpy as tnp


def test_poisson_draws_follow_the_seed():
    tnp.random.seed(5)
    first = tnp.random.poisson(3.0, size=(3,))
    assert (first.dtype, first.numpy().tolist()) == (tf.int64, [1, 2, 5])
    assert tnp.random.poisson(size=4).numpy().tolist() == [1, 0, 1, 0]
    scalar = tnp.random.poisson(2.5)
    assert (tuple(scalar.shape), int(scalar)) == ((), 6)
    assert tnp.random.uniform(size=(2,)).numpy().tolist() == [0.5302160829621549, 0.5693697139902558]
    assert tnp.random.poisson(10.0, size=(2, 2)).numpy().tolist() == [[14, 11], [15, 7]]
    tnp.random.seed(5)
    assert tnp.random.poisson(3.0, size=(3,)).numpy().tolist() == [1, 2, 5]
