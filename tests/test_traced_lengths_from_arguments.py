"""A length given by a trace's argument is only known when the graph runs: TF 2.21's Dataset.map spec and a
tf.function's printed tensors leave it None (``tf.fill([x], x)``, the padded_batch docs' example), while
lengths read from tf.shape stay folded (values printed by /work/notes/progs/tfdata2/p08, p26 under TF 2.21)."""
import framework as tf

D = tf.data.Dataset


def test_fill_of_a_mapped_length_has_an_open_spec():
    ds = D.range(1, 5).map(lambda x: tf.fill([x], x))
    assert repr(ds.element_spec) == 'TensorSpec(shape=(None,), dtype=tf.int64, name=None)'
    padded = ds.padded_batch(2)
    assert repr(padded) == '<_PaddedBatchDataset element_spec=TensorSpec(shape=(None, None), dtype=tf.int64, name=None)>'
    assert [b.tolist() for b in padded.as_numpy_iterator()] == [[[1, 0], [2, 2]], [[3, 3, 3, 0], [4, 4, 4, 4]]]
    assert repr(ds.padded_batch(3, drop_remainder=True).element_spec) == (
        'TensorSpec(shape=(3, None), dtype=tf.int64, name=None)')


def test_zeros_and_random_of_mapped_lengths():
    ds = D.range(1, 4, output_type=tf.int32)
    assert repr(ds.map(lambda x: tf.zeros([x, 2])).element_spec) == (
        'TensorSpec(shape=(None, 2), dtype=tf.float32, name=None)')
    assert repr(ds.map(lambda x: tf.random.uniform([x], seed=1)).element_spec) == (
        'TensorSpec(shape=(None,), dtype=tf.float32, name=None)')
    assert repr(ds.map(lambda x: tf.ones((2, 2)) * tf.cast(x, tf.float32)).element_spec) == (
        'TensorSpec(shape=(2, 2), dtype=tf.float32, name=None)')


def test_tf_function_prints_argument_lengths_open(capsys):
    @tf.function(input_signature=[tf.TensorSpec((), tf.int32)])
    def f(x):
        print(tf.fill([x, 2], 1.))
        print(tf.zeros([x]))
        print(tf.ones((3, x)))
        return x
    f(tf.constant(2))
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("Fill:0", shape=(None, 2), dtype=float32)', 'Tensor("zeros:0", shape=(None,), dtype=float32)',
        'Tensor("ones:0", shape=(3, None), dtype=float32)']


def test_shape_read_lengths_stay_known(capsys):
    @tf.function
    def g(v):
        print(tf.zeros(tf.shape(v)))
        print(tf.fill(tf.shape(v)[:1], 0))
        return v
    g(tf.ones((2, 3)))
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("zeros:0", shape=(2, 3), dtype=float32)', 'Tensor("Fill:0", shape=(2,), dtype=int32)']
