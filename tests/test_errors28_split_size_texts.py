"""tf.split with sizes SplitV refuses: TensorFlow 2.21's class and words, checked in its kernel's order
(one output must take the whole axis; the sizes other than -1 must add up; then none may be negative),
with the name the caller gave in the tail. Texts printed by TF 2.21 for the same calls."""
import pytest

import framework as tf

_SPLIT_V = '{{function_node __wrapped__SplitV_num_split_%d_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
_DETERMINED = ('Determined shape must either match input shape along split_dim exactly if fully specified, or be '
               'less than the size of the input along split_dim if not fully specified.  Got: %d')
_ATTR = ("Value for attr %s\n\t; NodeDef: {{node SplitV}}; Op<name=SplitV; signature=value:T, size_splits:Tlen, "
         "split_dim:int32 -> output:num_split*T; attr=num_split:int,min=1; attr=T:type; attr=Tlen:type,"
         "default=DT_INT64,allowed=[DT_INT8, DT_INT32, DT_INT64]> [Op:SplitV] name: split")


@pytest.mark.parametrize('sizes, kwargs, parts, text', [
    ([3], {}, 1, 'If there is only one output, it must have the same size as the input. Input size: 5 output size: 3'),
    ([-1], {}, 1, 'If there is only one output, it must have the same size as the input. Input size: 5 output size: -1'),
    ([-1, 6], {}, 2, _DETERMINED % 6),
    ([3, -3], {}, 2, _DETERMINED % 0),          # no -1: the sizes must add up exactly
    ([-1, 4, 2], {}, 3, _DETERMINED % 6),
    ([-2, 7], {}, 2, 'Split size at index 0 must be >= 0. Got: -2'),     # they add up: the negative one is named
    ([-1, -2], {}, 2, 'Split size at index 1 must be >= 0. Got: -2'),    # -1 took 7
    ([2, 3], {'num': 3}, 3, 'size of the split_tensor must be 1-D and have the same elements as outputs got 1 -D '
                            'and 2 elements'),
    ([[2, 3]], {}, 1, 'size of the split_tensor must be 1-D and have the same elements as outputs got 2 -D and '
                      '2 elements'),
    ([2, 3], {'num': 3, 'axis': 4}, 3, 'size of the split_tensor must be 1-D and have the same elements as '
                                       'outputs got 1 -D and 2 elements'),     # before the axis check
])
def test_split_v_refusals_in_kernel_order(sizes, kwargs, parts, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.split(tf.ones(5), sizes, **kwargs)
    assert str(info.value) == _SPLIT_V % parts + text + ' [Op:SplitV] name: split'


def test_split_v_error_tail_names_the_given_name():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.split(tf.ones(5), [-2, 7], name='parts')
    assert str(info.value) == (_SPLIT_V % 2 + 'Split size at index 0 must be >= 0. Got: -2 [Op:SplitV] name: parts')
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.split(tf.ones(5), 2, name='p')
    assert str(info.value).endswith('but got split_dim 0 (size = 5) and num_split 2 [Op:Split] name: p')


@pytest.mark.parametrize('sizes, kwargs, text', [
    ([], {}, "'num_split' of 0 must be at least minimum 1"),
    ([2, 3], {'num': 0}, "'num_split' of 0 must be at least minimum 1"),
    ([2.0, 3.0], {}, "'Tlen' of float is not in the list of allowed values: int8, int32, int64"),
])
def test_split_v_attribute_refusals(sizes, kwargs, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.split(tf.ones(5), sizes, **kwargs)
    assert str(info.value) == _ATTR % text


def test_split_v_still_splits():
    assert [p.numpy().tolist() for p in tf.split(tf.ones(2), [2])] == [[1.0, 1.0]]
    assert [p.shape.as_list() for p in tf.split(tf.ones(3), [-1, 0, 3])] == [[0], [0], [3]]
    assert [p.numpy().tolist() for p in tf.split(tf.ones(5), [2, 3], num=2)][0] == [1.0, 1.0]
