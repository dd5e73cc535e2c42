"""next(iterator) / iterator.get_next() in a tf.function prints as TF 2.21's IteratorGetNext op, a component per
output ('IteratorGetNext:1'), shaped by the iterator's element_spec (a batch the dataset may leave short: None),
and the concrete function's Output Type follows that open batch: (None,), not the run's (2,)
(notes/progs/autograph4/q38.py, notes/progs/autograph5/t2.py; tapeflow printed the values)."""
import framework as tf


def test_next_of_an_iterator_argument(capsys):
    @tf.function
    def nxt(it):
        x = next(it)
        print('x', x)
        return x

    it = iter(tf.data.Dataset.range(3).batch(2))
    assert nxt(it).numpy().tolist() == [0, 1]
    lines = nxt.pretty_printed_concrete_signatures().splitlines()
    assert lines == [
        'Input Parameters:',
        '  it (POSITIONAL_OR_KEYWORD): IteratorSpec(TensorSpec(shape=(None,), dtype=tf.int64, name=None),)',
        'Output Type:',
        '  TensorSpec(shape=(None,), dtype=tf.int64, name=None)',
        'Captures:',
        '  None']
    assert capsys.readouterr().out.splitlines() == ['x Tensor("IteratorGetNext:0", shape=(None,), dtype=int64)']


def test_dict_elements_from_get_next_and_next(capsys):
    @tf.function
    def two(it):
        a = it.get_next()
        b = next(it)
        print('ab', a, b)
        return a['u'] + b['u'], b['v']

    it = iter(tf.data.Dataset.from_tensor_slices({'u': tf.ones((5, 3)), 'v': tf.range(5)}).batch(2))
    total, v = two(it)
    assert total.numpy().tolist() == [[2.0] * 3] * 2 and v.numpy().tolist() == [2, 3]
    assert capsys.readouterr().out.splitlines() == [
        "ab {'u': <tf.Tensor 'IteratorGetNext:0' shape=(None, 3) dtype=float32>, "
        "'v': <tf.Tensor 'IteratorGetNext:1' shape=(None,) dtype=int32>} "
        "{'u': <tf.Tensor 'IteratorGetNext_1:0' shape=(None, 3) dtype=float32>, "
        "'v': <tf.Tensor 'IteratorGetNext_1:1' shape=(None,) dtype=int32>}"]
    assert two.pretty_printed_concrete_signatures().splitlines()[3] == (
        '  Tuple[TensorSpec(shape=(None, 3), dtype=tf.float32, name=None), '
        'TensorSpec(shape=(None,), dtype=tf.int32, name=None)]')
