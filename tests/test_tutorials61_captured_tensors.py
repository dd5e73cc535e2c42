"""A tf.function's 'Captures:' lists the eager tensors its trace hands to ops and the lookup layers' tables.

TF 2.21's trace captures each outside eager tensor one of its ops takes (a global, a closure's, a
tf.Module's self.mask) and lists it by its id and spec beside the variables' resource handles; a tensor
the code names without handing it to an op (its .shape) and a numpy array (folded to a constant) are not
captured. The text-generation tutorial's OneStep.generate_one_step lists ids_from_chars's table handle and
int64 default, the six weights, self.prediction_mask (31,) float32, then chars_from_ids's table handle and
string default. tapeflow listed the variables only. Texts printed by TF 2.21 (probes:
notes/progs/tutorials61/probes/capt2.py, capt60.py)."""
import re

import numpy as np

import framework as tf
from framework import keras


def _captures(text):
    """The spec texts under 'Captures:' (ids left out: they are the process's own)."""
    lines = text.split('Captures:\n', 1)[1].split('\n\n', 1)[0].splitlines()      # (the first signature's)
    return [re.sub(r'^  \d+: ', '', line) for line in lines]


RES = 'TensorSpec(shape=(), dtype=tf.resource, name=None)'

v = tf.Variable(2.0)
w = tf.Variable([1, 2])
c = tf.constant([1.0, 2.0, 3.0])
s = tf.constant(['a', 'b'])
unused = tf.constant(5.0)
n = np.array([4.0, 5.0], 'float32')


def test_globals_in_the_order_the_trace_reads_them():
    @tf.function
    def f(x):
        if unused.shape[0:] == ():
            pass
        return x * v + tf.reduce_sum(c) + tf.cast(w[0], tf.float32) + tf.cast(tf.size(s), tf.float32)

    f(tf.constant(1.0))
    # TF 2.21: v's handle, c, w's handle, s (unused and its shape: not captured)
    assert _captures(f.pretty_printed_concrete_signatures()) == [
        RES, 'TensorSpec(shape=(3,), dtype=tf.float32, name=None)', RES,
        'TensorSpec(shape=(2,), dtype=tf.string, name=None)']
    assert len(f.get_concrete_function(tf.constant(1.0)).variables) == 2     # tensors are no variables


def test_a_tensor_in_a_list_and_a_numpy_array():
    @tf.function
    def g(x):
        return tf.concat([c, x], 0) + n.sum()

    g(tf.constant([1.0]))
    assert _captures(g.pretty_printed_concrete_signatures()) == ['TensorSpec(shape=(3,), dtype=tf.float32, name=None)']


def test_a_module_attribute_and_closure_cells():
    class M(tf.Module):
        def __init__(self):
            self.mask = tf.constant([0.0, -1.0])
            self.s = tf.Variable(3.0)

        @tf.function
        def __call__(self, x):
            return x + self.mask * self.s

    m = M()
    assert m(tf.constant([1.0, 2.0])).numpy().tolist() == [1.0, -1.0]
    assert _captures(m.__call__.pretty_printed_concrete_signatures()) == [
        'TensorSpec(shape=(2,), dtype=tf.float32, name=None)', RES]

    k = tf.constant(2.0)
    kk = tf.constant([7, 8])

    @tf.function
    def inner(x):
        return x * k, kk + 1

    inner(tf.constant(3.0))
    assert _captures(inner.pretty_printed_concrete_signatures()) == [
        'TensorSpec(shape=(), dtype=tf.float32, name=None)', 'TensorSpec(shape=(2,), dtype=tf.int32, name=None)']

    @tf.function
    def plain(x):
        return x + 1.0

    plain(tf.constant(1.0))
    assert _captures(plain.pretty_printed_concrete_signatures()) == ['  None']


def test_the_text_generation_one_step_lists_tables_weights_and_its_mask():
    keras.utils.set_random_seed(7)
    vocab = sorted(set('hello world'))
    ids_from_chars = keras.layers.StringLookup(vocabulary=vocab, mask_token=None)
    chars_from_ids = keras.layers.StringLookup(vocabulary=ids_from_chars.get_vocabulary(), invert=True,
                                               mask_token=None)
    size = len(ids_from_chars.get_vocabulary())
    model = keras.Sequential([keras.layers.Embedding(size, 4), keras.layers.Dense(size)])

    class OneStep(keras.Model):
        def __init__(self):
            super().__init__()
            self.model, self.chars_from_ids, self.ids_from_chars = model, chars_from_ids, ids_from_chars
            skip_ids = self.ids_from_chars(['[UNK]'])[:, None]
            sparse_mask = tf.SparseTensor(values=[-float('inf')] * len(skip_ids), indices=skip_ids,
                                          dense_shape=[size])
            self.prediction_mask = tf.sparse.to_dense(sparse_mask)

        @tf.function
        def generate_one_step(self, inputs):
            input_ids = self.ids_from_chars(tf.strings.unicode_split(inputs, 'UTF-8')).to_tensor()
            logits = self.model(input_ids)[:, -1, :] + self.prediction_mask
            return self.chars_from_ids(tf.argmax(logits, axis=-1))

    step = OneStep()
    step.generate_one_step(tf.constant(['he', 'wo']))
    # TF 2.21: the lookup's table and int64 default, 3 weights, the (9,) mask, the inverse lookup's table and
    # string default
    assert _captures(step.generate_one_step.pretty_printed_concrete_signatures()) == [
        RES, 'TensorSpec(shape=(), dtype=tf.int64, name=None)', RES, RES, RES,
        'TensorSpec(shape=(%d,), dtype=tf.float32, name=None)' % size, RES,
        'TensorSpec(shape=(), dtype=tf.string, name=None)']


def test_a_trace_made_by_get_concrete_function_lists_the_tensors_before_any_call():
    @tf.function
    def f(x):
        return x * v + c

    cf = f.get_concrete_function(tf.TensorSpec([3], tf.float32))
    expected = [RES, 'TensorSpec(shape=(3,), dtype=tf.float32, name=None)']      # TF 2.21: v's handle, then c
    assert _captures(cf.pretty_printed_signature()) == expected
    cf(tf.constant([1.0, 1.0, 1.0]))
    assert _captures(f.pretty_printed_concrete_signatures()) == expected


def test_a_model_called_in_the_trace_captures_what_its_inference_graph_reads():
    # the simple-audio-recognition tutorial's ExportModel: Normalization's mean and variance tensors (not
    # its adapt variables), the weights, no Dropout seed state (training=False)
    keras.utils.set_random_seed(1)
    norm = keras.layers.Normalization()
    norm.adapt(np.arange(12, dtype='float32').reshape(4, 3))
    model = keras.Sequential([keras.Input((3,)), norm, keras.layers.Dense(4), keras.layers.Dropout(0.5),
                              keras.layers.Dense(2)])

    class Export(tf.Module):
        def __init__(self):
            self.model = model

        @tf.function
        def __call__(self, x):
            return tf.argmax(self.model(x, training=False), axis=-1)

    export = Export()
    export(tf.ones((2, 3)))
    # TF 2.21: two (1, 3) float32 constants, then four resource handles
    assert _captures(export.__call__.pretty_printed_concrete_signatures()) == \
        ['TensorSpec(shape=(1, 3), dtype=tf.float32, name=None)'] * 2 + [RES] * 4


class Masked(tf.Module):
    """(at module level: tapeflow's SavedModel pickles the root object)"""

    def __init__(self):
        self.mask = tf.constant([0.0, -1.0])
        self.s = tf.Variable(3.0)

    @tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
    def __call__(self, x):
        return x + self.mask * self.s


def test_a_loaded_signature_lists_the_tensor_its_function_captured(tmp_path):
    module = Masked()
    module(tf.constant([1.0, 2.0]))
    tf.saved_model.save(module, str(tmp_path / 'm'))
    loaded = tf.saved_model.load(str(tmp_path / 'm'))
    signature = loaded.signatures['serving_default']
    # TF 2.21: the mask (2,) float32, then s's handle; one variable
    assert _captures(signature.pretty_printed_signature()) == ['TensorSpec(shape=(2,), dtype=tf.float32, name=None)', RES]
    assert len(signature.variables) == 1


def test_a_traced_model_call_lists_its_inference_captures():
    keras.utils.set_random_seed(1)
    norm = keras.layers.Normalization()
    norm.adapt(np.arange(12, dtype='float32').reshape(4, 3))
    model = keras.Sequential([keras.Input((3,)), norm, keras.layers.Dense(4), keras.layers.Dropout(0.5),
                              keras.layers.Dense(2)])
    stats = ['TensorSpec(shape=(1, 3), dtype=tf.float32, name=None)'] * 2
    for traced in (tf.function(model), tf.function(model.call)):
        traced(tf.ones((2, 3)))
        # TF 2.21: Normalization's mean and variance, then the 4 weights' handles (not its adapt variables)
        assert _captures(traced.pretty_printed_concrete_signatures()) == stats + [RES] * 4

    @tf.function
    def training(x):
        return model(x, training=True)

    training(tf.ones((2, 3)))
    # TF 2.21: the Dropout draws, so its seed state's handle is captured too (5 handles)
    assert _captures(training.pretty_printed_concrete_signatures()) == stats + [RES] * 5
