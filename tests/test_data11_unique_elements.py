"""Dataset.unique as TF 2.21: whole tensors compared, one int32 / int64 / string component. Goldens printed by
TF 2.21 (probes /work/notes/progs/data11/p12.py, p13.py), e.g.
`list(tf.data.Dataset.from_tensor_slices([[1, 2], [1, 2]]).unique())`.
"""
import numpy as np
import pytest

import framework as tf

T = tf.data.Dataset.from_tensor_slices
_CPU = '_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def test_non_scalar_elements_compare_whole():
    assert [v.tolist() for v in T([[1, 2], [1, 2]]).unique().as_numpy_iterator()] == [[1, 2]]
    gen = tf.data.Dataset.from_generator(lambda: iter([[1], [1, 2], 3, [1]]),
                                         output_signature=tf.TensorSpec(None, tf.int32))
    assert [np.asarray(v).tolist() for v in gen.unique().as_numpy_iterator()] == [[1], [1, 2], 3]


def test_one_component_structures_and_strings():
    assert [d['a'] for d in T({'a': [1, 2, 1]}).unique().as_numpy_iterator()] == [1, 2]
    assert list(T(['a', 'b', 'a']).unique().as_numpy_iterator()) == [b'a', b'b']


@pytest.mark.parametrize('values, dtype', [
    ([1.0, 2.0, 1.0], 'float32'), (np.array([1, 2], np.uint8), 'uint8'), (np.array([1], np.int16), 'int16'),
    ([True, False], 'bool'), (([1, 1], [2.0, 2.0]), 'float32'), ({'a': [1.0]}, 'float32'),
])
def test_other_dtypes_are_refused_when_made(values, dtype):
    with pytest.raises(TypeError) as caught:
        T(values).unique()
    assert str(caught.value) == ("`tf.data.Dataset.unique` does not support type <dtype: '%s'> -- only `tf.int32`, "
                                 "`tf.int64`, and `tf.string` are supported." % dtype)


@pytest.mark.parametrize('values, text', [
    (([1, 1], [2, 2]), 'UniqueDataset only supports inputs with a single component.'),
    (tf.ragged.constant([[1], [1, 2]]),
     'UniqueDataset only supports inputs with a single `tf.int32`, `tf.int64`, or `tf.string` component.'),
])
def test_kernel_refuses_several_or_ragged_components(values, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        T(values).apply(tf.data.experimental.unique())
    assert str(caught.value) == '{{function_node __wrapped__UniqueDataset%s%s [Op:UniqueDataset] name: ' % (_CPU, text)
