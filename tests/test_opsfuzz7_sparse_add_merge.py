"""tf.sparse.add of two SparseTensors as TF 2.21's SparseAdd kernel: the threshold drops only sums (an entry of
one side stays however small), and unordered or repeated indices go through its merge walk (the smaller head out
first, equal heads summed), not a sorted union. Golden values printed by TF 2.21 with the same calls."""
import framework as tf


def _entries(sp):
    return sp.indices.numpy().tolist(), sp.values.numpy().tolist()


def test_threshold_drops_only_sums():
    a = tf.sparse.SparseTensor([[0, 0], [1, 1]], [0.1, 2.], [2, 2])
    b = tf.sparse.SparseTensor([[1, 1]], [-1.9], [2, 2])
    indices, values = _entries(tf.sparse.add(a, b, threshold=0.5))
    assert indices == [[0, 0]] and values == [0.10000000149011612]
    ints = tf.sparse.add(tf.sparse.SparseTensor([[0]], [1], [3]), tf.sparse.SparseTensor([[0], [2]], [-1, 4], [3]),
                         threshold=1)
    assert _entries(ints) == ([[2]], [4])


def test_unordered_and_repeated_indices_walk_as_the_kernel():
    add = tf.sparse.add
    out = add(tf.sparse.SparseTensor([[1, 0], [0, 1]], [1., 2.], [2, 2]), tf.sparse.SparseTensor([[0, 1]], [1.], [2, 2]))
    assert _entries(out) == ([[0, 1], [1, 0], [0, 1]], [1., 1., 2.])
    out = add(tf.sparse.SparseTensor([[0, 1], [0, 1]], [1., 2.], [2, 2]), tf.sparse.SparseTensor([[0, 1]], [5.], [2, 2]))
    assert _entries(out) == ([[0, 1], [0, 1]], [6., 2.])
    out = add(tf.sparse.SparseTensor([[1, 1], [0, 0]], [1., 2.], [2, 2]),
              tf.sparse.SparseTensor([[0, 0], [1, 1]], [5., 6.], [2, 2]))
    assert _entries(out) == ([[0, 0], [1, 1], [0, 0]], [5., 7., 2.])


def test_values_of_two_dtypes():
    import pytest
    from framework.errors import InvalidArgumentError
    a = tf.sparse.SparseTensor([[0, 1]], [1.], [3, 4])
    b = tf.sparse.SparseTensor([[0, 1]], [1], [3, 4])
    with pytest.raises(InvalidArgumentError) as caught:
        tf.sparse.add(a, b)
    assert str(caught.value) == ('cannot compute SparseAdd as input #4(zero-based) was expected to be a float tensor '
                                 'but is a int32 tensor [Op:SparseAdd] name: ')
