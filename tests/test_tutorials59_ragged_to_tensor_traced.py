"""RaggedTensor.to_tensor in a tf.function trace prints TF 2.21's graph tensor: 'RaggedToTensor/RaggedTensorToTensor'
with the ragged's row count as TF's graph knows it (open for tf.strings.split / bytes_split, whose rows TF counts at
run time; the input's length for unicode_split / unicode_decode; the count of Python row lengths), open ragged
lengths, a given shape over them. tapeflow printed the eager value, so a Dataset.map of
tf.strings.split(lines).to_tensor() over batches had element_spec (None, 3) (the first batch's longest line) for
TF's (None, None). Lines printed by TF 2.21 (notes progs/tutorials59/probes/ragged_rows.py, ragged_tt.py); the test
also passes under TF 2.21 with its imports changed."""
import framework as tf


def _body(s):
    print(tf.strings.split(s).to_tensor())
    print(tf.strings.split(s, sep=' ').to_tensor())
    print(tf.strings.bytes_split(s).to_tensor())
    print(tf.strings.unicode_split(s, 'UTF-8').to_tensor())
    print(tf.strings.unicode_decode(s, 'UTF-8').to_tensor())
    print(tf.strings.split(s).to_tensor(default_value='?', shape=[None, 5]))
    print(tf.strings.split([s[0]]).to_tensor())
    return 0


def _lines(capsys):
    return capsys.readouterr().out.strip().split('\n')


def test_split_rows_are_open_and_unicode_rows_follow_the_input(capsys):
    tf.function(_body, input_signature=[tf.TensorSpec([2], tf.string)])(tf.constant(['a b', 'c']))
    # TF 2.21 gives:
    assert _lines(capsys) == [
        'Tensor("RaggedToTensor/RaggedTensorToTensor:0", shape=(None, None), dtype=string)',
        'Tensor("RaggedToTensor_1/RaggedTensorToTensor:0", shape=(None, None), dtype=string)',
        'Tensor("RaggedToTensor_2/RaggedTensorToTensor:0", shape=(None, None), dtype=string)',
        'Tensor("RaggedToTensor_3/RaggedTensorToTensor:0", shape=(2, None), dtype=string)',
        'Tensor("RaggedToTensor_4/RaggedTensorToTensor:0", shape=(2, None), dtype=int32)',
        'Tensor("RaggedToTensor_5/RaggedTensorToTensor:0", shape=(None, 5), dtype=string)',
        'Tensor("RaggedToTensor_6/RaggedTensorToTensor:0", shape=(None, None), dtype=string)',
    ]


def test_constant_row_lengths_and_given_shapes(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.string), tf.TensorSpec([None], tf.float32)])
    def f(s, x):
        t = tf.strings.split(s).to_tensor()
        print(tf.strings.split(s).to_tensor(shape=[2, 5]))
        print(tf.RaggedTensor.from_row_lengths(x, [1, 2]).to_tensor())
        print(tf.RaggedTensor.from_row_splits(x, [0, 1, 3]).to_tensor())
        print(tf.ragged.constant([[1, 2], [3]]).to_tensor())
        print(tf.identity(t))
        return 0

    f(tf.constant(['a b', 'c']), tf.constant([1., 2., 3.]))
    # TF 2.21 gives:
    assert _lines(capsys) == [
        'Tensor("RaggedToTensor_1/RaggedTensorToTensor:0", shape=(2, 5), dtype=string)',
        'Tensor("RaggedToTensor_2/RaggedTensorToTensor:0", shape=(2, None), dtype=float32)',
        'Tensor("RaggedToTensor_3/RaggedTensorToTensor:0", shape=(2, None), dtype=float32)',
        'Tensor("RaggedToTensor_4/RaggedTensorToTensor:0", shape=(2, None), dtype=int32)',
        'Tensor("Identity:0", shape=(None, None), dtype=string)',
    ]


def test_dataset_of_split_lines_keeps_both_lengths_open():
    ds = tf.data.Dataset.from_tensor_slices(['a b c', 'd e', 'f']).batch(2).map(
        lambda s: tf.strings.split(s).to_tensor())
    assert tuple(ds.element_spec.shape) == (None, None)      # TF 2.21: (None, None)
    assert [e.numpy().tolist() for e in ds] == [[[b'a', b'b', b'c'], [b'd', b'e', b'']], [[b'f']]]
