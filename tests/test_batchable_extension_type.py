"""tf.experimental.BatchableExtensionType in tf.data and tf.map_fn, and ExtensionTypes in from_tensors /
from_generator, as TensorFlow 2.21's extension-type guide runs them (its Network and MaskedTensor cells;
the printed texts below are TF 2.21's output of the same code)."""
import numpy as np
import pytest

import framework as tf


class Network(tf.experimental.BatchableExtensionType):
    shape: tf.TensorShape
    work: tf.Tensor
    bandwidth: tf.Tensor

    def __init__(self, work, bandwidth):
        self.work = tf.convert_to_tensor(work)
        self.bandwidth = tf.convert_to_tensor(bandwidth)
        self.shape = self.work.shape[:-1].merge_with(self.bandwidth.shape[:-2])

    def __repr__(self):
        work, bandwidth = (' '.join(str(t.numpy()).split()) for t in (self.work, self.bandwidth))
        return f'<Network shape={self.shape} work={work} bandwidth={bandwidth}>'


class MaskedTensor(tf.experimental.BatchableExtensionType):
    values: tf.Tensor
    mask: tf.Tensor

    class Spec:
        def __init__(self, shape, dtype=tf.float32):
            self.values = tf.TensorSpec(shape, dtype)
            self.mask = tf.TensorSpec(shape, tf.bool)


class Pastry(tf.experimental.ExtensionType):
    sweetness: tf.Tensor
    chewiness: tf.Tensor


def _networks():
    net1 = Network([5., 3, 8], [[0., 2, 0], [2, 0, 3], [0, 3, 0]])
    net2 = Network([3., 4, 2], [[0., 2, 2], [2, 0, 2], [2, 2, 0]])
    return Network(work=tf.stack([net1.work, net2.work]), bandwidth=tf.stack([net1.bandwidth, net2.bandwidth]))


def balance_work_greedy(network):
    delta = (tf.expand_dims(network.work, -1) - tf.expand_dims(network.work, -2)) / 4
    delta = tf.maximum(tf.minimum(delta, network.bandwidth), -network.bandwidth)
    return Network(network.work + tf.reduce_sum(delta, -1), network.bandwidth)


def test_slices_of_a_batch_have_one_axis_fewer_and_their_shape_field_follows():
    batch = _networks()
    assert repr(batch) == ('<Network shape=(2,) work=[[5. 3. 8.] [3. 4. 2.]] bandwidth=[[[0. 2. 0.] [2. 0. 3.] '
                           '[0. 3. 0.]] [[0. 2. 2.] [2. 0. 2.] [2. 2. 0.]]]>')
    elements = [repr(n) for n in tf.data.Dataset.from_tensor_slices(batch)]
    assert elements == ['<Network shape=() work=[5. 3. 8.] bandwidth=[[0. 2. 0.] [2. 0. 3.] [0. 3. 0.]]>',
                        '<Network shape=() work=[3. 4. 2.] bandwidth=[[0. 2. 2.] [2. 0. 2.] [2. 2. 0.]]>']
    rebatched = next(iter(tf.data.Dataset.from_tensor_slices(batch).batch(2)))
    assert repr(rebatched) == repr(batch)
    unbatched = [repr(n) for n in tf.data.Dataset.from_tensor_slices(batch).batch(2).unbatch()]
    assert unbatched == elements


def test_map_fn_maps_each_network():
    assert repr(tf.map_fn(balance_work_greedy, _networks())) == (
        '<Network shape=(2,) work=[[5.5 1.25 9.25] [3. 4.75 1.25]] bandwidth=[[[0. 2. 0.] [2. 0. 3.] [0. 3. 0.]] '
        '[[0. 2. 2.] [2. 0. 2.] [2. 2. 0.]]]>')


def test_masked_tensors_through_from_tensor_slices_generator_batch_and_unbatch():
    mt = MaskedTensor(tf.reshape(range(20), [5, 4]), tf.ones([5, 4]) > 0)
    rows = list(tf.data.Dataset.from_tensor_slices(mt))
    assert [r.values.numpy().tolist() for r in rows][1] == [4, 5, 6, 7]
    assert repr(tf.data.Dataset.from_tensor_slices(mt).element_spec.values) == \
        'TensorSpec(shape=(4,), dtype=tf.int32, name=None)'

    def value_gen():
        for i in range(2, 7):
            yield MaskedTensor(range(10), [j % i != 0 for j in range(10)])
    ds = tf.data.Dataset.from_generator(value_gen, output_signature=MaskedTensor.Spec(shape=[10], dtype=tf.int32))
    masks = [v.mask.numpy().sum() for v in ds]
    assert masks == [5, 6, 7, 8, 8]
    batches = list(ds.batch(2))
    assert [tuple(b.values.shape) for b in batches] == [(2, 10), (2, 10), (1, 10)]
    assert repr(ds.batch(2).element_spec.mask) == 'TensorSpec(shape=(None, 10), dtype=tf.bool, name=None)'
    assert [int(v.mask.numpy().sum()) for v in ds.batch(2).unbatch()] == masks

    def wrong_gen():
        yield MaskedTensor([1., 2.], [True, False])
    with pytest.raises(tf.errors.InvalidArgumentError, match='yielded an element of'):
        list(tf.data.Dataset.from_generator(wrong_gen, output_signature=MaskedTensor.Spec(shape=[10],
                                                                                             dtype=tf.int32)))


def test_from_tensors_and_iterator_next():
    ds = tf.data.Dataset.from_tensors(Pastry(5, 5))
    assert repr(iter(ds).next()) == ('Pastry(sweetness=<tf.Tensor: shape=(), dtype=int32, numpy=5>, '
                                     'chewiness=<tf.Tensor: shape=(), dtype=int32, numpy=5>)')
    assert repr(ds.element_spec) == ('Pastry.Spec(sweetness=TensorSpec(shape=(), dtype=tf.int32, name=None), '
                                     'chewiness=TensorSpec(shape=(), dtype=tf.int32, name=None))')


def test_an_extension_type_that_is_not_batchable_is_not_sliced():
    with pytest.raises(AttributeError, match="'Pastry.Spec' object has no attribute '_to_batched_tensor_list'"):
        tf.data.Dataset.from_tensor_slices(Pastry([1., 2.], [3., 4.]))
    with pytest.raises(AttributeError, match="'Pastry.Spec' object has no attribute '_unbatch'"):
        tf.map_fn(lambda p: p, Pastry([1., 2.], [3., 4.]))
    np.testing.assert_array_equal(tf.map_fn(lambda x: x * 2, tf.constant([1, 2])).numpy(), [2, 4])
