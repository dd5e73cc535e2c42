"""An element error met while reduce / get_single_element drain a dataset is named after that op, as in
TF 2.21 (one ReduceDataset / DatasetToSingleElement kernel, no IteratorGetNext). Printed by TF 2.21
(/work/notes/progs/data10/p16.py):
    d = tf.data.Dataset.from_generator(lambda: iter([7, 'a']), output_signature=tf.TensorSpec((), tf.int32))
    d.reduce(0, lambda s, x: s + x)
      InvalidArgumentError {{function_node __wrapped__ReduceDataset_Targuments_0_Tstate_1_output_types_1_device_/
      job:localhost/replica:0/task:0/device:CPU:0}} TypeError: `generator` yielded an element that could not be
      converted to the expected type. ... [Op:ReduceDataset] name:
    d.get_single_element()
      InvalidArgumentError {{function_node __wrapped__DatasetToSingleElement_output_types_1_device_/...
    a 2-tuple generator reduced from (0, 0): ..._ReduceDataset_Targuments_0_Tstate_2_output_types_2_device_...
"""
import pytest

import framework as tf

DEVICE = '_device_/job:localhost/replica:0/task:0/device:CPU:0}} TypeError: `generator` yielded an element that'
S = tf.TensorSpec((), tf.int32)


def _bad(signature, items):
    return tf.data.Dataset.from_generator(lambda: iter(items), output_signature=signature)


def test_reduce_names_its_kernel():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        _bad(S, [7, 'a']).reduce(0, lambda s, x: s + x)
    assert str(info.value).startswith('{{function_node __wrapped__ReduceDataset_Targuments_0_Tstate_1_output_types_1'
                                      + DEVICE)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        _bad((S, S), [(1, 'a')]).reduce((0, 0), lambda s, x: s)
    assert str(info.value).startswith('{{function_node __wrapped__ReduceDataset_Targuments_0_Tstate_2_output_types_2'
                                      + DEVICE)


def test_get_single_element_names_its_kernel():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        _bad(S, ['a']).get_single_element()
    assert str(info.value).startswith('{{function_node __wrapped__DatasetToSingleElement_output_types_1' + DEVICE)


def test_iterating_still_names_iterator_get_next():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        list(_bad(S, ['a']))
    assert str(info.value).startswith('{{function_node __wrapped__IteratorGetNext_output_types_1' + DEVICE)


def test_good_datasets_reduce_and_single_out():
    assert int(tf.data.Dataset.range(4).reduce(tf.constant(0, tf.int64), lambda s, x: s + x)) == 6
    assert int(_bad(S, [7]).get_single_element()) == 7
