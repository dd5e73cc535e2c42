"""tf.data traces a stage's function once: a Python print in it shows once, naming the element's
placeholders ('args_0', ...), and tf.print shows for every element. Expected lines: TensorFlow
2.21 (/opt/tfref) running the same programs (its trace prints when the stage is made, before the
first element; here they come with the first element, see framework/data/stage_function.py)."""
import framework as tf


def _stdout_lines(capsys):
    return capsys.readouterr().out.splitlines()


def test_map_function_prints_once_with_its_placeholder(capsys):
    def f(x):
        print('tracing map with', x)
        return x * 2
    ds = tf.data.Dataset.range(3).map(f)
    assert list(ds.as_numpy_iterator()) == [0, 2, 4]
    assert list(ds.as_numpy_iterator()) == [0, 2, 4]
    assert _stdout_lines(capsys) == ['tracing map with Tensor("args_0:0", shape=(), dtype=int64)']


def test_tf_print_in_a_map_function_shows_for_every_element(capsys):
    def f(x):
        tf.print('running', x)
        return x
    list(tf.data.Dataset.range(2).map(f))
    list(tf.data.Dataset.range(2).map(f))
    assert capsys.readouterr().err.splitlines() == ['running 0', 'running 1'] * 2


def test_each_stage_traces_its_own_function_with_the_batched_spec(capsys):
    def g(*args):
        print('trace', *args)
        return args if len(args) > 1 else args[0]
    ds = tf.data.Dataset.from_tensor_slices(([1, 2, 3], [1., 2., 3.])).map(g).batch(2).map(g)
    assert len(list(ds)) == 2
    assert ds.element_spec[0].shape == (None,)
    assert _stdout_lines(capsys) == [
        'trace Tensor("args_0:0", shape=(), dtype=int32) Tensor("args_1:0", shape=(), dtype=float32)',
        'trace Tensor("args_0:0", shape=(None,), dtype=int32) Tensor("args_1:0", shape=(None,), dtype=float32)']


def test_filter_flat_map_and_interleave_trace_once(capsys):
    def keep(x):
        print('filter', x)
        return x % 2 == 0

    def expand(x):
        print('expand', x)
        return tf.data.Dataset.from_tensors(x).repeat(2)
    ds = tf.data.Dataset.range(4).filter(keep).flat_map(expand).interleave(expand, cycle_length=1)
    assert len(list(ds)) == 8
    assert _stdout_lines(capsys) == ['filter Tensor("args_0:0", shape=(), dtype=int64)',
                                     'expand Tensor("args_0:0", shape=(), dtype=int64)',
                                     'expand Tensor("args_0:0", shape=(), dtype=int64)']


def test_windows_print_as_variant_datasets():
    window = next(iter(tf.data.Dataset.range(10).window(5, shift=1)))
    assert repr(window) == "<_VariantDataset element_spec=TensorSpec(shape=(), dtype=tf.int64, name=None)>"


def test_a_concrete_function_of_unknown_rank_traces_an_unshaped_placeholder(capsys):
    @tf.function
    def double(a):
        print('Tracing with', a)
        return a + a
    concrete = double.get_concrete_function(tf.TensorSpec(shape=None, dtype=tf.string))
    assert concrete(tf.constant('b')).numpy() == b'bb'
    assert _stdout_lines(capsys) == ['Tracing with Tensor("a:0", dtype=string)']
