"""Bad input to the core raises the right exception, and the message names the
op (or argument) and the shapes or dtypes involved, so the user can fix it.

Exception types follow TensorFlow where it raises a Python error (TypeError for
dtypes, ValueError for shapes); where TensorFlow raises its own
InvalidArgumentError we raise ValueError, or IndexError for indices.
"""
import re

import numpy as np
import pytest

import framework as tf
from framework.tape import NoneGradientWarning


def f32(*shape):
    return tf.ones(shape)


BAD_OPS = [
    # (id, call, exception, substrings the message must contain)
    ('matmul_inner', lambda: tf.matmul(f32(2, 3), f32(4, 5)), ValueError, ['matmul', '(2, 3)', '(4, 5)', '3 == 4']),
    ('matmul_rank', lambda: tf.matmul(f32(3), f32(3, 2)), ValueError, ['matmul', 'rank >= 2', '(3,)', '(3, 2)']),
    ('matmul_batch', lambda: tf.matmul(f32(2, 2, 3), f32(3, 3, 2)), ValueError, ['matmul', '(2, 2, 3)', '(3, 3, 2)']),
    ('matmul_dtypes', lambda: tf.matmul(f32(2, 2), tf.ones((2, 2), tf.float64)), TypeError,
     ['matmul', 'float32', 'float64']),
    pytest.param('add_broadcast', lambda: f32(2, 3) + f32(4), ValueError, ['add', '(2, 3)', '(4,)'],
                 id='add_broadcast'),
    pytest.param('multiply_broadcast', lambda: tf.multiply(f32(2, 3), f32(2)), ValueError,
                 ['multiply', '(2, 3)', '(2,)'], id='multiply_broadcast'),
    ('equal_broadcast', lambda: tf.equal(f32(2, 3), f32(4)), ValueError, ['equal', '(2, 3)', '(4,)']),
    ('where_broadcast', lambda: tf.where(tf.constant([True, False]), f32(3), f32(3)), ValueError,
     ['where', '(2,)', '(3,)']),
    ('clip_broadcast', lambda: tf.clip_by_value(f32(2, 3), f32(4), 1.0), ValueError,
     ['clip_by_value', '(2, 3)', '(4,)']),
    ('add_n_shapes', lambda: tf.add_n([f32(2, 3), f32(3, 2)]), ValueError, ['add_n', '(2, 3)', '(3, 2)']),
    ('add_n_dtypes', lambda: tf.add_n([f32(2), tf.ones((2,), tf.float64)]), ValueError,
     ['add_n', 'float32', 'float64']),
    ('add_n_empty', lambda: tf.add_n([]), ValueError, ['add_n', 'non-empty']),
    ('float32_plus_float64', lambda: tf.constant(1.0) + tf.constant(np.float64(1.0)), TypeError,
     ['add', 'float32', 'float64', 'cast']),
    ('int_plus_fraction', lambda: tf.constant(1) + 1.5, TypeError, ['add', '1.5', 'int32']),
    ('string_plus_number', lambda: tf.constant('abc') + 1, TypeError, ['add', 'string']),
    ('string_times_string', lambda: tf.constant(['a']) * tf.constant(['b']), TypeError, ['multiply', 'string']),
    ('exp_of_string', lambda: tf.exp(tf.constant('abc')), TypeError, ['exp', 'floating']),
    ('reduce_sum_of_string', lambda: tf.reduce_sum(tf.constant(['a', 'b'])), TypeError, ['reduce_sum', 'numeric']),
    ('log_of_int', lambda: tf.math.log(tf.constant([1, 2])), TypeError, ['log', 'int32', '(2,)', 'cast']),
    ('softmax_of_int', lambda: tf.nn.softmax(tf.constant([1, 2])), TypeError, ['softmax', 'int32']),
    ('reshape_impossible', lambda: tf.reshape(f32(2, 3), [4, 2]), ValueError,
     ['reshape', '6 elements', '(2, 3)', '(4, 2)']),
    ('reshape_two_unknowns', lambda: tf.reshape(f32(2, 3), [-1, -1]), ValueError, ['reshape', '(2, 3)']),
    ('reduce_bad_axis', lambda: tf.reduce_sum(f32(2, 3), axis=2), ValueError, ['reduce_sum', 'axis 2', 'rank 2']),
    ('reduce_bad_negative_axis', lambda: tf.reduce_mean(f32(2, 3), axis=-3), ValueError, ['reduce_mean', 'axis -3']),
    ('softmax_bad_axis', lambda: tf.nn.softmax(f32(2, 3), axis=5), ValueError, ['softmax', 'axis 5', 'rank 2']),
    ('argmax_bad_axis', lambda: tf.argmax(f32(2, 3), axis=2), ValueError, ['argmax', 'axis 2']),
    ('argmax_scalar', lambda: tf.argmax(tf.constant(1.0)), ValueError, ['argmax', 'rank 0', 'range [0, 0)']),
    ('concat_bad_axis', lambda: tf.concat([f32(2, 3), f32(2, 3)], axis=3), ValueError, ['concat', 'axis 3']),
    ('concat_shapes', lambda: tf.concat([f32(2, 3), f32(2, 4)], axis=0), ValueError, ['concat', '(2, 3)', '(2, 4)']),
    ('concat_dtypes', lambda: tf.concat([f32(2, 3), tf.ones((2, 3), tf.int32)], axis=0), TypeError,
     ['concat', 'float32', 'int32']),
    ('stack_shapes', lambda: tf.stack([f32(2), f32(3)]), ValueError, ['stack', '(2,)', '(3,)']),
    ('transpose_perm', lambda: tf.transpose(f32(2, 3), [0, 0]), ValueError, ['transpose', '(0, 0)', '(2, 3)']),
    ('squeeze_non_one', lambda: tf.squeeze(f32(2, 3), [0]), ValueError, ['squeeze', 'axis 0', 'size 2']),
    ('expand_dims_axis', lambda: tf.expand_dims(f32(2, 3), 4), ValueError, ['expand_dims', 'axis 4']),
    ('cumsum_axis', lambda: tf.cumsum(f32(2, 3), axis=2), ValueError, ['cumsum', 'axis 2']),
    ('split_uneven', lambda: tf.split(f32(5, 2), 2), ValueError, ['split', 'size 5', '2 equal parts']),
    ('split_sizes', lambda: tf.split(f32(5, 2), [1, 2]), ValueError, ['split', '[1, 2]', '5']),
    ('tile_multiples', lambda: tf.tile(f32(2, 3), [2]), ValueError, ['tile', '(2,)', '(2, 3)']),
    ('pad_paddings', lambda: tf.pad(f32(2, 3), [[1, 1]]), ValueError, ['pad', '2 axes']),
    ('pad_mode', lambda: tf.pad(f32(2, 3), [[1, 1], [1, 1]], mode='WRAP'), ValueError, ['pad', 'WRAP']),
    ('pad_reflect_too_wide', lambda: tf.pad(f32(2, 3), [[2, 0], [0, 0]], mode='REFLECT'), ValueError,
     ['pad', 'REFLECT', 'axis 0', 'size 2']),
    ('gather_out_of_range', lambda: tf.gather(f32(2, 3), [5]), IndexError, ['gather', '[0, 2)', '(2, 3)']),
    ('gather_negative', lambda: tf.gather(f32(2, 3), [-1]), IndexError, ['gather', '[0, 2)', 'min -1']),
    ('gather_float_indices', lambda: tf.gather(f32(2, 3), [0.5]), TypeError, ['gather', 'integers', 'float32']),
    ('gather_nd_out_of_range', lambda: tf.gather_nd(f32(2, 3), [[0, 3]]), IndexError,
     ['gather_nd', '[0, 3)', '(2, 3)']),
    ('gather_nd_depth', lambda: tf.gather_nd(f32(2, 3), [[0, 1, 0]]), ValueError, ['gather_nd', '(1, 3)', '(2, 3)']),
    ('getitem_out_of_range', lambda: f32(2, 3)[5], IndexError, ['index 5', '(2, 3)']),
    ('boolean_mask_shape', lambda: tf.boolean_mask(f32(2, 3), [True]), ValueError, ['boolean_mask', '(1,)', '(2, 3)']),
    ('boolean_mask_dtype', lambda: tf.boolean_mask(f32(2, 3), ['a', 'b']), TypeError,     # numbers are masks in TF
     ['boolean_mask', 'bool', 'string']),
    ('one_hot_float', lambda: tf.one_hot([0.5], 3), TypeError, ['one_hot', 'integers', 'float32']),
    ('sparse_ce_label_range', lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[3], logits=f32(1, 3)),
     ValueError, ['sparse_softmax_cross_entropy_with_logits', '[0, 3)', 'max 3']),
    ('sparse_ce_shapes', lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 1], logits=f32(1, 3)),
     ValueError, ['sparse_softmax_cross_entropy_with_logits', '(2,)', '(1, 3)']),
    ('sparse_ce_float_labels', lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0.0], logits=f32(1, 3)),
     TypeError, ['sparse_softmax_cross_entropy_with_logits', 'integers', 'float32']),
    ('softmax_ce_shapes', lambda: tf.nn.softmax_cross_entropy_with_logits(labels=f32(2, 3), logits=f32(2, 4)),
     ValueError, ['softmax_cross_entropy_with_logits', '(2, 3)', '(2, 4)']),
    ('sigmoid_ce_shapes', lambda: tf.nn.sigmoid_cross_entropy_with_logits(labels=f32(2, 3), logits=f32(2, 4)),
     ValueError, ['sigmoid_cross_entropy_with_logits', '(2, 3)', '(2, 4)']),
    ('where_condition_dtype', lambda: tf.where(tf.constant([1, 0]), f32(2), f32(2)), TypeError,
     ['where', 'bool', 'int32']),
    ('where_one_branch', lambda: tf.where(tf.constant([True, False]), f32(2)), ValueError, ['where', 'both x and y']),
    ('einsum_operand_count', lambda: tf.einsum('ij,jk->ik', f32(2, 3)), ValueError, ['einsum', '2 operands', 'got 1']),
    ('einsum_shapes', lambda: tf.einsum('ij,jk->ik', f32(2, 3), f32(4, 2)), ValueError, ['einsum', '(2, 3)', '(4, 2)']),
    ('einsum_rank', lambda: tf.einsum('ijk,jk->ik', f32(2, 3), f32(3, 2)), ValueError, ['einsum', "'ijk'", '(2, 3)']),
    ('einsum_dtypes', lambda: tf.einsum('ij,jk->ik', f32(2, 3), tf.ones((3, 2), tf.float64)), TypeError,
     ['einsum', 'float32', 'float64']),
    ('tensordot_sizes', lambda: tf.tensordot(f32(2, 3), f32(4, 2), 1), ValueError, ['tensordot', '(2, 3)', '(4, 2)']),
    # TF 2.21 looks the axis up in the shape list: IndexError 'list index out of range' (errors20)
    ('tensordot_axis', lambda: tf.tensordot(f32(2, 3), f32(3, 2), [[5], [0]]), IndexError, ['tensordot', 'axis 5']),
    ('norm_vector_ord', lambda: tf.norm(f32(3), ord='fro'), ValueError, ['norm', "'fro'"]),
    ('norm_matrix_ord', lambda: tf.norm(f32(3, 3), ord=3, axis=[0, 1]), ValueError, ['norm', 'matrix', 'got 3']),
    ('top_k_too_many', lambda: tf.math.top_k(f32(2, 3), 5), ValueError, ['top_k', 'k=5', '(2, 3)']),
    ('sort_direction', lambda: tf.sort(f32(3), direction='UP'), ValueError, ['sort', "'UP'"]),
    ('cast_unknown_dtype', lambda: tf.cast(f32(2), 'floaty'), TypeError, ['cast', "'floaty'"]),
    ('bias_add_shapes', lambda: tf.nn.bias_add(f32(2, 3), f32(4)), ValueError, ['bias_add', '(4,)', '(2, 3)']),
    ('dropout_rate', lambda: tf.nn.dropout(f32(2, 3), 1.5), ValueError, ['dropout', '1.5']),
    ('random_int_normal', lambda: tf.random.normal([2], dtype=tf.int32), TypeError, ['random.normal', 'int32']),
    ('range_zero_delta', lambda: tf.range(0, 5, 0), ValueError, ['range', 'delta']),
    ('zeros_negative', lambda: tf.zeros([-1, 2]), ValueError, ['zeros', '(-1, 2)']),
    # (tf.reduce_max of an empty tensor is -inf in TF 2.21, not an error: tests/test_fuzz4_ops.py)
    ('argmax_empty', lambda: tf.argmax(tf.zeros((0,))), ValueError, ['argmax', 'ArgMax', '[0]']),
    ('constant_of_dict', lambda: tf.constant({'a': 1}), TypeError, ['Cannot convert', 'dict']),
    ('variable_assign_shape', lambda: tf.Variable([1.0, 2.0], name='w').assign([[1.0, 2.0], [3.0, 4.0]]),
     ValueError, ['assign', "'w'", '(2, 2)', '(2,)']),
]


@pytest.mark.parametrize('name,call,error,words', [p if hasattr(p, 'marks') else pytest.param(*p, id=p[0])
                                                   for p in BAD_OPS])
def test_bad_op_input_raises_a_message_naming_op_and_shapes(name, call, error, words):
    with pytest.raises(error) as caught:
        call()
    message = '\n'.join([str(caught.value)] + getattr(caught.value, '__notes__', []))   # TF's words + tapeflow's
    missing = [w for w in words if w not in message]
    assert not missing, 'message %r lacks %s' % (message, missing)


# ---- the tape ---------------------------------------------------------------------------
def _recorded():
    x = tf.constant(3.0)
    tape = tf.GradientTape()
    with tape:
        tape.watch(x)
        y = x * x
    return tape, x, y


@pytest.mark.usefixtures('explained_nones')
def test_int_source_gives_none_and_says_why():
    n = tf.constant([1, 2])
    with tf.GradientTape() as tape:
        y = tf.cast(n, tf.float32) * 2.0
    with pytest.warns(NoneGradientWarning, match='integer dtype int32'):
        assert tape.gradient(y, n) is None


@pytest.mark.parametrize('source', [3.0, np.float32(3.0), 'x', None], ids=['float', 'numpy_scalar', 'str', 'none'])
def test_gradient_of_a_non_tensor_source_raises(source):
    tape, x, y = _recorded()
    with pytest.raises(TypeError) as caught:
        tape.gradient(y, [x, source])
    # tapeflow's explanation rides in a note under TF's words
    assert re.search(r'GradientTape.gradient: every source must be a Tensor or Variable, got .* of type %s'
                     % type(source).__name__, '\n'.join(caught.value.__notes__))


def test_none_target_raises_tf_words():
    # TF 2.21: tape.gradient(None, x) -> TypeError with these words
    tape, x, y = _recorded()
    with pytest.raises(TypeError, match=r'^Argument `target` should be a list or nested structure of Tensors, '
                                        r'Variables or CompositeTensors to be differentiated, but received None.$'):
        tape.gradient(None, x)


@pytest.mark.parametrize('target', [5.0, np.float32(3.0)], ids=['float', 'numpy_scalar'])
def test_target_that_is_not_a_tensor_raises(target):
    tape, x, y = _recorded()
    with pytest.raises(TypeError) as caught:
        tape.gradient(target, x)
    assert re.search('GradientTape.gradient: the target must be a Tensor .* of type %s' % type(target).__name__,
                     '\n'.join(caught.value.__notes__))


def test_empty_target_is_unconnected():
    # TF 2.21 answers an empty target as one the source does not reach: None (tape.gradient([], x)),
    # and the one-shot tape is used up (tests/test_seedvariants9_empty_gradient_target.py has more)
    tape, x, y = _recorded()
    assert tape.gradient([], x) is None


@pytest.mark.parametrize('value', [3.0, [tf.constant(1.0), 'a'], np.array([1.0])],
                         ids=['float', 'list_with_str', 'ndarray'])
def test_watch_of_a_non_tensor_raises(value):
    # TF 2.21: ValueError "Passed in object 3.0 of type 'float', not tf.Tensor or tf.Variable or ExtensionType."
    # (the list's 'a' and the ndarray [1.] the same way); tapeflow's advice rides along as a note
    with tf.GradientTape() as tape:
        with pytest.raises(ValueError, match=r"^Passed in object .* of type '(float|str|ndarray)', not tf.Tensor or "
                                             r"tf.Variable or ExtensionType.") as caught:
            tape.watch(value)
    assert 'GradientTape.watch: expected a Tensor or Variable' in caught.value.__notes__[0]


def test_fewer_output_gradients_than_targets_seed_the_rest_with_ones():
    # TF 2.21: x = tf.Variable([1., 2.]), y = x * x, tape.gradient([y, y], x, output_gradients=[tf.ones([2])])
    # -> [4. 8.] (the second target starts from ones, as with None)
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        y = x * x
    assert tape.gradient([y, y], x, output_gradients=[tf.ones([2])]).numpy().tolist() == [4.0, 8.0]


def test_extra_output_gradients_are_unused_as_in_tf():
    # TensorFlow 2.21 pairs targets and output_gradients in order: d(x*x)/dx at 3 seeded by 1.0 is 6.0
    tape, x, y = _recorded()
    assert float(tape.gradient([y], x, output_gradients=[tf.constant(1.0), tf.constant(2.0)])) == 6.0


def test_jacobian_needs_a_single_tensor_target():
    tape, x, y = _recorded()
    with pytest.raises(TypeError, match='jacobian: target must be a single Tensor, got list'):
        tape.jacobian([y], x)


def test_custom_gradient_misuse_is_named():
    @tf.custom_gradient
    def two_grads_for_one_input(a):
        return a * 2, lambda g: (g, g)

    @tf.custom_gradient
    def forgot_grad_fn(a):
        return a * 2

    x = tf.constant(1.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = two_grads_for_one_input(x)
    with pytest.raises(ValueError, match='two_grads_for_one_input returned 2 input gradients .* expected 1'):
        tape.gradient(y, x)
    with pytest.raises(TypeError, match=r'forgot_grad_fn must return \(output, grad_fn\)'):
        forgot_grad_fn(x)


def test_convert_to_tensor_dtype_mismatch_names_both_dtypes():
    with pytest.raises(ValueError, match='requested dtype float64 for Tensor with dtype float32'):
        tf.convert_to_tensor(tf.constant([1.0]), dtype=tf.float64)
