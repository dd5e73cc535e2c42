"""A tf.function may return a tf.data.Dataset or its iterator (composite tensors in TensorFlow), as the
TF1 -> TF2 migration guide's tf.init_scope example does (tensorflow/docs guide/migrate/tf1_vs_tf2):
TF 2.21 prints 1, 2, 3 for its three calls; tapeflow raised 'must return zero or more Tensors'."""
import framework as tf


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.datasets = {}
        self.iterators = {}

    @tf.function
    def __call__(self, key):
        if key not in self.datasets:
            with tf.init_scope():
                self.datasets[key] = tf.data.Dataset.from_tensor_slices([1, 2, 3])
                self.iterators[key] = iter(self.datasets[key])
        return self.iterators[key]


def test_init_scope_iterator_returned_across_calls():
    m = Model()
    assert [int(next(m('a')).numpy()) for _ in range(3)] == [1, 2, 3]      # TF 2.21: 1, 2, 3


def test_dataset_returned_from_a_function():
    ds = tf.data.Dataset.range(3)

    @tf.function
    def f():
        return ds

    @tf.function
    def g():
        return iter(ds)

    assert [int(x) for x in f().as_numpy_iterator()] == [0, 1, 2]
    assert int(next(g()).numpy()) == 0             # TF 2.21: tf.Tensor(0, shape=(), dtype=int64)


def test_other_objects_still_refused():
    import pytest

    @tf.function
    def h():
        return object()

    with pytest.raises(TypeError, match='must return zero or more Tensors'):
        h()
