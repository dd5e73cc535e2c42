"""tf.nn.max_pool_with_argmax in a tf.function: a VALID window longer than a length the trace knows is TF 2.21's
graph refusal ("Negative dimension size caused by subtracting 2 from 1 for '{{node MaxPoolWithArgmax}} = ..."),
whatever the stride (tapeflow raised its kernel's 'max_pool2d: a window of 2 does not fit ...'), and its traced
results are the op's two outputs, 'MaxPoolWithArgmax:0' / ':1' (tapeflow printed their values). Probes
/work/notes/progs/gradfuzz28/ta.py, tb.py."""
import pytest

import framework as tf


def _graph_text(fn, x, signature=None):
    with pytest.raises(ValueError) as caught:
        tf.function(fn, input_signature=signature)(x)
    text = str(caught.value)      # (autograph's 'in user code:' frame, where it converts the function, ends so)
    return text[text.rindex('ValueError: ') + len('ValueError: '):].strip() if 'ValueError: ' in text else text


_TEXT = ("Negative dimension size caused by subtracting %d from %d for '{{node %s}} = MaxPoolWithArgmax[T=%s, "
         "Targmax=%s, include_batch_in_index=%s, ksize=%s, padding=\"VALID\", strides=%s](a)' with input shapes: "
         "[%s].")


def _scoped(**kw):
    def fn(a):
        with tf.name_scope('blk'):
            return tf.nn.max_pool_with_argmax(a, **kw)
    return fn


def _second(a):
    tf.nn.max_pool_with_argmax(tf.ones((1, 4, 4, 1)), 2, 2, 'VALID')
    return tf.nn.max_pool_with_argmax(a, 2, 2, 'VALID')


@pytest.mark.parametrize('fn, shape, dtype, expected', [
    # TF 2.21's texts (ta.py)
    (lambda a: tf.nn.max_pool_with_argmax(a, 2, 2, 'VALID'), (2, 1, 1, 2), 'float32',
     _TEXT % (2, 1, 'MaxPoolWithArgmax', 'DT_FLOAT', 'DT_INT64', 'false', '[1, 2, 2, 1]', '[1, 2, 2, 1]', '2,1,1,2')),
    (_scoped(ksize=2, strides=2, padding='VALID'), (2, 1, 1, 2), 'float32',
     _TEXT % (2, 1, 'blk/MaxPoolWithArgmax', 'DT_FLOAT', 'DT_INT64', 'false', '[1, 2, 2, 1]', '[1, 2, 2, 1]',
              '2,1,1,2')),
    (lambda a: tf.nn.max_pool_with_argmax(a, [3, 2], 1, 'VALID'), (2, 2, 5, 3), 'float32',
     _TEXT % (3, 2, 'MaxPoolWithArgmax', 'DT_FLOAT', 'DT_INT64', 'false', '[1, 3, 2, 1]', '[1, 1, 1, 1]', '2,2,5,3')),
    (lambda a: tf.nn.max_pool_with_argmax(a, [1, 4], [1, 1], 'VALID'), (1, 3, 3, 1), 'float64',
     _TEXT % (4, 3, 'MaxPoolWithArgmax', 'DT_DOUBLE', 'DT_INT64', 'false', '[1, 1, 4, 1]', '[1, 1, 1, 1]',
              '1,3,3,1')),
    (lambda a: tf.nn.max_pool_with_argmax(a, [1, 3, 3, 1], [1, 2, 2, 1], 'VALID'), (1, 2, 2, 1), 'float32',
     _TEXT % (3, 2, 'MaxPoolWithArgmax', 'DT_FLOAT', 'DT_INT64', 'false', '[1, 3, 3, 1]', '[1, 2, 2, 1]', '1,2,2,1')),
    (lambda a: tf.nn.max_pool_with_argmax(a, 2, 2, 'VALID', output_dtype=tf.int32), (2, 1, 1, 2), 'float32',
     _TEXT % (2, 1, 'MaxPoolWithArgmax', 'DT_FLOAT', 'DT_INT32', 'false', '[1, 2, 2, 1]', '[1, 2, 2, 1]', '2,1,1,2')),
    (lambda a: tf.nn.max_pool_with_argmax(a, 2, 2, 'VALID', include_batch_in_index=True), (2, 1, 1, 2), 'float32',
     _TEXT % (2, 1, 'MaxPoolWithArgmax', 'DT_FLOAT', 'DT_INT64', 'true', '[1, 2, 2, 1]', '[1, 2, 2, 1]', '2,1,1,2')),
    (lambda a: tf.nn.max_pool_with_argmax(a, 2, 2, 'VALID', name='mp'), (2, 1, 1, 2), 'float32',
     _TEXT % (2, 1, 'mp', 'DT_FLOAT', 'DT_INT64', 'false', '[1, 2, 2, 1]', '[1, 2, 2, 1]', '2,1,1,2')),
    (_scoped(ksize=2, strides=2, padding='VALID', name='mp'), (2, 1, 1, 2), 'float32',
     _TEXT % (2, 1, 'blk/mp', 'DT_FLOAT', 'DT_INT64', 'false', '[1, 2, 2, 1]', '[1, 2, 2, 1]', '2,1,1,2')),
    (lambda a: tf.nn.max_pool_with_argmax(a, 2, 2, 'VALID'), (2, 1, 1, 2), 'float16',
     _TEXT % (2, 1, 'MaxPoolWithArgmax', 'DT_HALF', 'DT_INT64', 'false', '[1, 2, 2, 1]', '[1, 2, 2, 1]', '2,1,1,2')),
    (lambda a: tf.nn.max_pool_with_argmax(a, 2, 2, 'VALID'), (2, 1, 1, 2), 'int32',
     _TEXT % (2, 1, 'MaxPoolWithArgmax', 'DT_INT32', 'DT_INT64', 'false', '[1, 2, 2, 1]', '[1, 2, 2, 1]', '2,1,1,2')),
    (lambda a: tf.nn.max_pool_with_argmax(a, 2, 5, 'VALID'), (2, 1, 1, 2), 'float32',     # (whatever the stride)
     _TEXT % (2, 1, 'MaxPoolWithArgmax', 'DT_FLOAT', 'DT_INT64', 'false', '[1, 2, 2, 1]', '[1, 5, 5, 1]', '2,1,1,2')),
    (_second, (2, 1, 1, 2), 'float32',
     _TEXT % (2, 1, 'MaxPoolWithArgmax_1', 'DT_FLOAT', 'DT_INT64', 'false', '[1, 2, 2, 1]', '[1, 2, 2, 1]',
              '2,1,1,2')),
])
def test_window_longer_than_a_traced_length(fn, shape, dtype, expected):
    assert _graph_text(fn, tf.ones(shape, dtype)) == expected


def test_known_length_among_open_ones():
    # TF 2.21: the height known (1) is refused, shown as [?,1,?,2]
    fn = lambda a: tf.nn.max_pool_with_argmax(a, 2, 2, 'VALID')  # noqa: E731
    text = _graph_text(fn, tf.ones((2, 1, 1, 2)), [tf.TensorSpec((None, 1, None, 2), tf.float32)])
    assert text == _TEXT % (2, 1, 'MaxPoolWithArgmax', 'DT_FLOAT', 'DT_INT64', 'false', '[1, 2, 2, 1]',
                            '[1, 2, 2, 1]', '?,1,?,2')


def test_open_lengths_pool_to_the_empty_output(epyc_cpu):
    # TF 2.21 on the AMD EPYC: the graph builds, its kernel gives (2, 0, 0, 2) outputs at run time (tapeflow
    # models the Xeon's oneDNN as refusing an empty pool output: not measured there for this op)
    fn = tf.function(lambda a: tf.nn.max_pool_with_argmax(a, 2, 2, 'VALID'),
                     input_signature=[tf.TensorSpec((None, None, None, 2), tf.float32)])
    out = fn(tf.ones((2, 1, 1, 2)))
    assert tuple(out.output.shape) == (2, 0, 0, 2) and tuple(out.argmax.shape) == (2, 0, 0, 2)


def test_same_padding_is_not_refused():
    out = tf.function(lambda a: tf.nn.max_pool_with_argmax(a, 2, 2, 'SAME'))(tf.ones((2, 1, 1, 2)))
    assert tuple(out.output.shape) == (2, 1, 1, 2)


def _printed(fn, x, signature=None):
    lines = []

    def traced(a):
        lines.append(str(fn(a)))
        return a
    tf.function(traced, input_signature=signature)(x)
    return lines[0]


_NAMES = ("MaxPoolWithArgmax(output=<tf.Tensor '%s:0' shape=%s dtype=float32>, argmax=<tf.Tensor '%s:1' "
          "shape=%s dtype=%s>)")


@pytest.mark.parametrize('fn, shape, spec, name, traced, index', [
    # TF 2.21's texts (ta.py, tb.py)
    (lambda a: tf.nn.max_pool_with_argmax(a, 2, 2, 'VALID'), (2, 5, 5, 3), None, 'MaxPoolWithArgmax',
     '(2, 2, 2, 3)', 'int64'),
    (lambda a: tf.nn.max_pool_with_argmax(a, 2, 2, 'VALID'), (2, 5, 5, 3), (None, None, None, 3),
     'MaxPoolWithArgmax', '(None, None, None, 3)', 'int64'),
    (lambda a: tf.nn.max_pool_with_argmax(a, 2, 2, 'VALID', name='zz'), (2, 4, 4, 2), None, 'zz',
     '(2, 2, 2, 2)', 'int64'),
    (lambda a: tf.nn.max_pool_with_argmax(a, 2, 2, 'SAME', include_batch_in_index=True, output_dtype=tf.int32),
     (2, 3, 4, 2), (None, 3, None, 2), 'MaxPoolWithArgmax', '(None, 2, None, 2)', 'int32'),
    (lambda a: tf.nn.max_pool_with_argmax(a, 2, 2, 'VALID'), (2, 3, 4, 2), None, 'MaxPoolWithArgmax',
     '(2, 1, 2, 2)', 'int64'),
    (_scoped(ksize=[2, 1], strides=[1, 2], padding='VALID'), (1, 4, 4, 1), None, 'blk/MaxPoolWithArgmax',
     '(1, 3, 2, 1)', 'int64'),
])
def test_traced_results_are_the_ops_outputs(fn, shape, spec, name, traced, index):
    signature = None if spec is None else [tf.TensorSpec(spec, tf.float32)]
    assert _printed(fn, tf.ones(shape), signature) == _NAMES % (name, traced, name, traced, index)


def test_input_of_unknown_rank_gives_rank_4_outputs():
    # TF 2.21: shape=(None, None, None, None) for both
    fn = lambda a: tf.nn.max_pool_with_argmax(a, 2, 2, 'VALID')  # noqa: E731
    text = _printed(fn, tf.ones((2, 3, 4, 2)), [tf.TensorSpec(None, tf.float32)])
    shape = '(None, None, None, None)'
    assert text == _NAMES % ('MaxPoolWithArgmax', shape, 'MaxPoolWithArgmax', shape, 'int64')
