"""tf.strings ops in a trace take TF 2.21's graph names and the traced shapes of their inputs.

A Dataset.map over lines (the load-text tutorial) that measures or hashes the words of tf.strings.split
has TF's open length (None,) in its element_spec; tapeflow gave the first line's word count for these ops.
"""
import framework as tf


def _lines():
    return tf.data.Dataset.from_tensor_slices(['Hello World', 'a b c d', 'xy'])


def test_map_element_specs_keep_open_lengths():
    words = tf.strings.split
    cases = {
        'length': lambda t: tf.strings.length(words(t)),
        'substr': lambda t: tf.strings.substr(words(t), 0, 1),
        'regex_full_match': lambda t: tf.strings.regex_full_match(words(t), 'a.*'),
        'to_hash_bucket': lambda t: tf.strings.to_hash_bucket(words(t), 10),
        'to_hash_bucket_strong': lambda t: tf.strings.to_hash_bucket_strong(words(t), 10, [1, 2]),
        'ngrams': lambda t: tf.strings.ngrams(words(t), 2),
        'unicode_script': lambda t: tf.strings.unicode_script(tf.strings.unicode_decode(t, 'UTF-8')),
        'unicode_transcode': lambda t: tf.strings.unicode_transcode(words(t), 'UTF-8', 'UTF-16-BE'),
        # ops after them follow (their rows existed): TF 2.21 gives (None,) / (None, 4)
        'one_hot': lambda t: tf.one_hot(tf.strings.length(words(t)), 4),
        'cumsum': lambda t: tf.cumsum(tf.strings.length(words(t))),
        'zeros_like': lambda t: tf.zeros_like(tf.strings.length(words(t))),
    }
    specs = {k: str(_lines().map(f).element_spec.shape) for k, f in cases.items()}
    assert specs == dict({k: '(None,)' for k in cases}, one_hot='(None, 4)')
    assert [x.numpy().tolist() for x in _lines().map(cases['length'])] == [[5, 5], [1, 1, 1, 1], [2]]


def test_graph_names(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.string), tf.TensorSpec([None, 3], tf.string)])
    def f(s, m):
        print(tf.strings.length(s))
        print(tf.strings.length(s, unit='UTF8_CHAR'))
        print(tf.strings.substr(s, 0, 1))
        print(tf.strings.regex_full_match(s, 'a.*'))
        print(tf.strings.regex_full_match(s, tf.constant('a.*')))
        print(tf.strings.to_hash_bucket(s, 10))
        print(tf.strings.to_hash_bucket_strong(m, 10, [1, 2]))
        print(tf.strings.unicode_transcode(s, 'UTF-8', 'UTF-16-BE'))
        print(tf.strings.ngrams(m, 2))
        print(tf.strings.ngrams(s, (1, 2)))
        print(tf.strings.length(s, name='q'))
        return 0

    f(tf.constant(['ab', 'c']), tf.constant([['a', 'b', 'c']]))
    # TF 2.21's lines
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("StringLength:0", shape=(None,), dtype=int32)',
        'Tensor("StringLength_1:0", shape=(None,), dtype=int32)',
        'Tensor("Substr:0", shape=(None,), dtype=string)',
        'Tensor("StaticRegexFullMatch:0", shape=(None,), dtype=bool)',
        'Tensor("RegexFullMatch:0", shape=(None,), dtype=bool)',
        'Tensor("StringToHashBucket:0", shape=(None,), dtype=int64)',
        'Tensor("StringToHashBucketStrong:0", shape=(None, 3), dtype=int64)',
        'Tensor("UnicodeTranscode:0", shape=(None,), dtype=string)',
        'Tensor("StringNGrams/Reshape:0", shape=(None, None), dtype=string)',
        'Tensor("StringNGrams_1/RaggedGetItem/strided_slice_5:0", shape=(None,), dtype=string)',
        'Tensor("q:0", shape=(None,), dtype=int32)']
