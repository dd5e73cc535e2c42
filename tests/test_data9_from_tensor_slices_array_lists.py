"""A list of numpy arrays of one dtype keeps that dtype in from_tensor_slices / from_tensors, as TF 2.21
(tapeflow converted it as tf.constant does: int32 for int64 arrays, int32 for uint8 ones). Golden specs
printed by TF 2.21 with /work/notes/progs/data9/p8.py."""
import numpy as np

import framework as tf


def _dtype_names(spec):
    return tf.nest.map_structure(lambda s: s.dtype.name, spec)


def test_lists_of_arrays_keep_their_dtype():
    assert _dtype_names(tf.data.Dataset.from_tensor_slices([np.arange(2), np.arange(2)]).element_spec) == 'int64'
    assert _dtype_names(tf.data.Dataset.from_tensors([np.ones(2, np.uint8)] * 2).element_spec) == 'uint8'
    assert _dtype_names(tf.data.Dataset.from_tensor_slices(([np.arange(2)] * 2, [1, 2])).element_spec) == \
        ('int64', 'int32')
    assert _dtype_names(tf.data.Dataset.from_tensors({'a': [np.arange(2)] * 2}).element_spec) == {'a': 'int64'}
    assert [v.tolist() for v in tf.data.Dataset.from_tensor_slices([np.arange(2), np.arange(2)]).as_numpy_iterator()] \
        == [[0, 1], [0, 1]]


def test_other_lists_convert_as_tf_constant():
    # TF 2.21: int32 for numpy int64 scalars, for an array mixed with a Python list, for mixed array dtypes
    for value in ([np.int64(1), np.int64(2)], [np.arange(2), [1, 2]], [np.arange(2), np.arange(2, dtype=np.int32)]):
        assert tf.data.Dataset.from_tensors(value).element_spec.dtype.name == 'int32'
