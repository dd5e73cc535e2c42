"""A RaggedTensor's static shape in a tf.function trace is TF 2.21's: tf.strings.split / bytes_split count their rows
at run time, so .shape / .get_shape() is (None, None) whatever the input's traced length ((3,) too), as are raggeds
sharing its rows (with_flat_values); tf.strings.unicode_split has as many rows as its input's traced length
((3, None) of a (3,) input, (None, None) of a (None,) one); raggeds of Python row lengths know their count. tapeflow
gave the run's row count ((2, None)). Texts: TF 2.21's (notes/progs/kerasops8/rag.py, rag_tf.out)."""
import framework as tf


def test_split_rows_are_open_in_the_static_shape():
    seen = []

    @tf.function(input_signature=[tf.TensorSpec([None], tf.string), tf.TensorSpec([3], tf.string),
                                  tf.TensorSpec([None, 2], tf.string)])
    def f(s, k, m):
        r = tf.strings.split(s)
        seen.extend([str(r.shape), r.shape[0], r.shape.rank, str(r.get_shape()), r.shape.as_list()])
        seen.extend(str(t.shape) for t in (tf.strings.split(k), tf.strings.bytes_split(s),
                                           tf.strings.unicode_split(s, 'UTF-8'), tf.strings.unicode_split(k, 'UTF-8'),
                                           tf.strings.split(m), r.with_flat_values(tf.strings.length(r.flat_values)),
                                           tf.RaggedTensor.from_row_lengths(tf.constant([1., 2., 3.]), [1, 2])))
        return 0
    f(tf.constant(['a b', 'c']), tf.constant(['a', 'b c', 'd']), tf.constant([['a b', 'c'], ['d', 'e']]))
    assert seen == ['(None, None)', None, 2, '(None, None)', [None, None],
                    '(None, None)', '(None, None)', '(None, None)', '(3, None)', '(None, 2, None)', '(None, None)',
                    '(2, None)']


def test_the_traced_split_still_runs_on_its_rows():
    @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
    def f(s):
        return tf.strings.split(s).to_tensor(default_value='?')
    assert f(tf.constant(['a b', 'c'])).numpy().tolist() == [[b'a', b'b'], [b'c', b'?']]


def test_eager_shape_unchanged():
    assert tf.strings.split(tf.constant(['a b', 'c'])).shape.as_list() == [2, None]
