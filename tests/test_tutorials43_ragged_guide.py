"""The ragged-tensor guide's pieces that differed from TF 2.21: a concrete function traced for a
RaggedTensorSpec (its SavedModel section), RaggedTensor.with_row_splits_dtype, and the errors of
ragged operands that do not broadcast ('Broadcasting examples that don't work').

Expected values and messages were printed by TF 2.21 (/opt/tfref/bin/python) running the same code
(notes progs/tutorials43/ragged.py and the /tmp probes t43_rcf.py, t43_rb.py, t43_rb2.py named there)."""
import pytest

import framework as tf

R = tf.ragged.constant


def test_concrete_function_of_a_ragged_spec_keys_ragged_calls(tmp_path):
    @tf.function
    def double(x):
        return x * 2

    spec = tf.RaggedTensorSpec(shape=[None, None], dtype=tf.float32)
    concrete = double.get_concrete_function(spec)
    # TF 2.21: ((RaggedTensorSpec(TensorShape([None, None]), tf.float32, 1, tf.int64),), {})
    assert repr(concrete.structured_input_signature) == \
        '((RaggedTensorSpec(TensorShape([None, None]), tf.float32, 1, tf.int64),), {})'
    assert concrete(R([[1., 2.], [3.]])).to_list() == [[2., 4.], [6.]]
    assert double(R([[1., 2.], [3.]])).to_list() == [[2., 4.], [6.]]
    assert double.experimental_get_tracing_count() == 1       # TF 2.21: 1 (the call reuses the spec's trace)


class CustomModule(tf.Module):      # module level: tapeflow's SavedModel stores classes by reference
    def __init__(self, variable_value):
        super().__init__()
        self.v = tf.Variable(variable_value)

    @tf.function
    def grow(self, x):
        return x * self.v


def test_saved_module_grows_a_ragged_tensor(tmp_path):
    module = CustomModule(100.0)
    module.grow.get_concrete_function(tf.RaggedTensorSpec(shape=[None, None], dtype=tf.float32))
    tf.saved_model.save(module, str(tmp_path))
    imported = tf.saved_model.load(str(tmp_path))
    # TF 2.21: <tf.RaggedTensor [[100.0, 400.0, 300.0], [200.0]]>
    assert repr(imported.grow(R([[1.0, 4.0, 3.0], [2.0]]))) == '<tf.RaggedTensor [[100.0, 400.0, 300.0], [200.0]]>'


def test_with_row_splits_dtype():
    rt = R([[[1, 2]], [[3]]])
    narrow = rt.with_row_splits_dtype(tf.int32)
    assert narrow.row_splits.dtype == tf.int32 and narrow.values.row_splits.dtype == tf.int32
    assert narrow.values.row_splits.numpy().tolist() == [0, 2, 3] and narrow.to_list() == rt.to_list()
    assert rt.with_row_splits_dtype(tf.int64) is rt
    with pytest.raises(ValueError, match=r"^Argument `row_splits` dtype must be int32 or int64\. "
                                         r"Received <dtype: 'float32'>\.$"):
        rt.with_row_splits_dtype(tf.float32)


_SIZES = 'Condition x == y did not hold.\nFirst 1 elements of x:\n[False]\nFirst 1 elements of y:\n[ True]'


def _splits(where, xs, ys, first_x, first_y):
    return ('Condition x == y did not hold.\nIndices of first %d different values:\n%s\nCorresponding x values:\n%s\n'
            'Corresponding y values:\n%s\nFirst 3 elements of x:\n%s\nFirst 3 elements of y:\n%s'
            % (where.count('[') - 1, where, xs, ys, first_x, first_y))


@pytest.mark.parametrize('x, y, message', [
    # the guide's three failing examples
    (R([[1, 2, 3], [4], [5, 6]]), R([[1, 2], [3, 4]]), _SIZES),
    (R([[[1, 2], [3, 4], [5, 6]], [[7, 8]]], ragged_rank=1), tf.constant([[1, 2, 3]]), _SIZES),
    (R([[[1], [2]], [], [[3]], [[4]]], ragged_rank=2), tf.constant([10, 20, 30]),
     _splits('[[1]\n [2]\n [3]]', '[3 6 9]', '[1 2 3]', '[0 3 6]', '[0 1 2]')),
    # rows against a uniform size, row counts, one-row operands
    (R([[1, 2], [3]]), tf.constant([1, 2, 3]), _splits('[[1]\n [2]]', '[3 6]', '[2 3]', '[0 3 6]', '[0 2 3]')),
    (R([[1, 2], [3], [4]]), tf.constant([[1], [2]]), _SIZES),
    (R([[1, 2]]), R([[1], [2, 3]]), _splits('[[1]\n [2]]', '[2 4]', '[1 3]', '[0 2 4]', '[0 1 3]')),
    (R([[1], [2, 3]]), R([[1, 2]]), _splits('[[1]\n [2]]', '[1 3]', '[2 4]', '[0 1 3]', '[0 2 4]')),
    (R([[[1], [2]], [[3]]]), R([[[1], [2]], [[3]], [[4]]]), _SIZES),
    (R([[[1, 1], [2, 2, 2]], [], [[3, 3]], [[4, 4]]]), tf.constant([10, 20]),
     _splits('[[2]\n [3]\n [4]]', '[4 6 8]', '[5 7 9]', '[0 2 4]', '[0 2 5]')),
    (R([[[1], [2]], [], [[3]], [[4]]]), tf.constant([[10], [20]]),
     _splits('[[2]\n [3]\n [4]]', '[4 6 8]', '[2 3 4]', '[0 2 4]', '[0 2 2]')),
    (R([[[1, 2], [3, 4], [5, 6]], [[7, 8]]], ragged_rank=1), tf.constant([[1], [2], [3]]),
     _splits('[[2]]', '[6]', '[4]', '[0 3 6]', '[0 3 4]')),
    (R([[1, 2], [3, 4]]), tf.constant([10, 20]), 'Last row partition does not match flat_values.\n' + _SIZES.replace(
        '[False]', '[2]').replace('[ True]', '[4]')),
    (R([[[1, 1], [2, 2]], [], [[3, 3]], [[4, 4]]]), tf.constant([10, 20]),
     'Last row partition does not match flat_values.\n' + _SIZES.replace('[False]', '[2]').replace('[ True]', '[8]')),
])
def test_ragged_operands_that_do_not_broadcast(x, y, message):
    for op in (lambda a, b: a + b, tf.multiply):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            op(x, y)
        assert str(info.value) == message


def test_operands_that_broadcast_still_compute():
    # TF 2.21 printed each of these
    assert (R([[1, 2], [3, 4]]) + tf.constant([[10, 20], [30, 40]])).to_list() == [[11, 22], [33, 44]]
    assert (R([[10, 87, 12], [19, 53], [12, 32]]) + [[1000], [2000], [3000]]).to_list() == \
        [[1010, 1087, 1012], [2019, 2053], [3012, 3032]]
    assert (R([[[1, 2], [3, 4], [5, 6]], [[7, 8]]], ragged_rank=1) + tf.constant([[1, 2]])).to_list() == \
        [[[2, 4], [4, 6], [6, 8]], [[8, 10]]]
