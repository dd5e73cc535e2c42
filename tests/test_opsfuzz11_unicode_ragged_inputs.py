"""tf.strings' Unicode ops take a RaggedTensor of strings, as TF 2.21's ragged dispatch (values printed by
TF 2.21: tf.strings.unicode_decode(tf.ragged.constant([['ab'], ['c', 'dé']]), 'UTF-8') ->
<tf.RaggedTensor [[[97, 98]], [[99], [100, 233]]]>)."""
import framework as tf

RT = tf.ragged.constant([['ab'], ['c', 'dé']])


def test_decode_and_split_gain_a_ragged_axis():
    out = tf.strings.unicode_decode(RT, 'UTF-8')
    assert out.to_list() == [[[97, 98]], [[99], [100, 233]]] and out.dtype == tf.int32
    assert tf.strings.unicode_split(RT, 'UTF-8').to_list() == [[[b'a', b'b']], [[b'c'], [b'd', 'é'.encode()]]]
    deeper = tf.strings.unicode_decode(tf.ragged.constant([[['a']], [['b', 'c']]]), 'UTF-8')
    assert deeper.to_list() == [[[[97]]], [[[98], [99]]]]


def test_with_offsets_keep_both_results_ragged():
    points, offsets = tf.strings.unicode_decode_with_offsets(RT, 'UTF-8')
    assert points.to_list() == [[[97, 98]], [[99], [100, 233]]]
    assert offsets.to_list() == [[[0, 1]], [[0], [0, 1]]] and offsets.dtype == tf.int64
    pieces, offsets = tf.strings.unicode_split_with_offsets(RT, 'UTF-8')
    assert pieces.to_list() == [[[b'a', b'b']], [[b'c'], [b'd', 'é'.encode()]]]
    assert offsets.to_list() == [[[0, 1]], [[0], [0, 1]]]


def test_elementwise_ops_keep_the_rows():
    assert tf.strings.unicode_transcode(RT, 'UTF-8', 'UTF-16-BE').to_list() == [
        [b'\x00a\x00b'], [b'\x00c', b'\x00d\x00\xe9']]
    assert tf.strings.bytes_split(RT).to_list() == [[[b'a', b'b']], [[b'c'], [b'd', b'\xc3', b'\xa9']]]
