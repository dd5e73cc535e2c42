"""DistributedOptimizer with an IndexedSlices gradient (an Embedding's) in a world of more than one rank.

No MPI is needed: ``world.size`` says 2 and the allreduce adds a second rank's
buffer given by the test, so the averaging itself (pack, scale, reduce, views)
runs as on two ranks.
"""
import numpy as np
import pytest

import framework as tf
import framework.distributed as dist
import optim
from framework.distributed import collectives, world


@pytest.fixture
def two_ranks(monkeypatch):
    """A world of two whose other rank holds ``other[0]`` (a flat buffer), or the same gradients when None."""
    other = [None]

    def allreduce_in_place(buffer, op='sum'):
        buffer += buffer if other[0] is None else other[0].astype(buffer.dtype)
        return buffer

    monkeypatch.setattr(world, 'size', lambda: 2)
    monkeypatch.setattr(collectives, 'allreduce_in_place', allreduce_in_place)
    return other


def embedding_gradients():
    table = tf.Variable(np.arange(12, dtype='float32').reshape(4, 3) / 10, name='table')
    kernel = tf.Variable(np.ones((3,), 'float32'), name='kernel')
    with tf.GradientTape() as tape:
        rows = tf.gather(table, tf.constant([1, 3, 1]))
        loss = tf.reduce_sum(rows * kernel * rows)
    grads = tape.gradient(loss, [table, kernel])
    assert isinstance(grads[0], tf.IndexedSlices)
    return table, kernel, grads


def test_rows_are_averaged_as_the_dense_gradient(two_ranks):
    table, kernel, grads = embedding_gradients()
    averaged = dist.DistributedOptimizer(optim.SGD(0.1)).average_gradients(list(grads))
    # Both ranks hold the same gradients: the mean is the rows summed into the table's shape.
    np.testing.assert_array_equal(np.asarray(averaged[0]), tf.convert_to_tensor(grads[0]).numpy())
    np.testing.assert_array_equal(np.asarray(averaged[1]), grads[1].numpy())


def test_ranks_with_different_rows_get_their_mean(two_ranks):
    table, kernel, grads = embedding_gradients()
    other_table = np.zeros((4, 3), 'float32')
    other_table[0] = [2.0, 4.0, 6.0]         # the other rank gathered row 0 only
    other_kernel = np.full((3,), 8.0, 'float32')
    two_ranks[0] = np.concatenate([other_table.ravel(), other_kernel]) / 2   # packed, scaled by 1/size
    wrapped = dist.DistributedOptimizer(optim.SGD(1.0))
    before = table.numpy().copy()
    wrapped.apply_gradients(zip(grads, [table, kernel]))
    mine = tf.convert_to_tensor(grads[0]).numpy()
    np.testing.assert_allclose(table.numpy(), before - (mine + other_table) / 2, rtol=0, atol=1e-6)
    np.testing.assert_allclose(kernel.numpy(), 1.0 - (grads[1].numpy() + other_kernel) / 2, rtol=0, atol=1e-6)


def test_adam_on_rows_through_two_ranks_matches_adam_on_the_dense_gradient(two_ranks):
    """The wrapped optimizer sees a dense gradient, as Horovod's sparse_as_dense: Adam's dense rule."""
    table, kernel, grads = embedding_gradients()
    dense = [tf.convert_to_tensor(grads[0]), grads[1]]
    plain_vars = [tf.Variable(table.numpy()), tf.Variable(kernel.numpy())]
    dist.DistributedOptimizer(optim.Adam(0.1)).apply_gradients(zip(grads, [table, kernel]))
    optim.Adam(0.1).apply_gradients(zip(dense, plain_vars))
    np.testing.assert_array_equal(table.numpy(), plain_vars[0].numpy())
    np.testing.assert_array_equal(kernel.numpy(), plain_vars[1].numpy())
