"""ExtensionType arguments in tf.function traces, as TF 2.21 traces them (the extension types guide).

TF 2.21 traces ``get_concrete_function(MaskedTensor.Spec(...))`` at once (its prints show there) and its
trace sees the spec's shapes: a field spec'd TensorSpec([None, 2]) prints (None, 2), in an
input_signature too, and the concrete function's outputs keep the open size. tapeflow deferred the
trace to the first call and showed the call's sizes. Texts are TF 2.21's (probes
/work/notes/progs/tutorials56/probes/cf_ext.py, sig_ext.py).
"""
import typing

import framework as tf


class MT(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor
    tags: typing.Tuple[str, ...] = ()


class Outer(tf.experimental.ExtensionType):
    inner: MT
    scale: tf.Tensor


def _spec():
    return MT.Spec(values=tf.TensorSpec([None, 2], tf.int32), mask=tf.TensorSpec([None, 2], tf.bool), tags=('a',))


def test_get_concrete_function_of_a_spec_traces_at_once(capsys):
    @tf.function
    def g(m):
        print('tracing g', m.values.shape, m.mask.dtype, m.tags)
        return m.values * 2

    print('before')
    cf = g.get_concrete_function(_spec())
    print('after')
    # TF 2.21 prints the trace between the two, with the spec's open size
    assert capsys.readouterr().out == "before\ntracing g (None, 2) <dtype: 'bool'> ('a',)\nafter\n"
    assert str(cf.structured_outputs) == 'Tensor("Identity:0", shape=(None, 2), dtype=int32)'
    assert cf(MT([[1, 2]], [[True, False]], ('a',))).numpy().tolist() == [[2, 4]]
    assert g.experimental_get_tracing_count() == 1
    assert capsys.readouterr().out == ''


def test_get_concrete_function_of_a_value_traces_at_once(capsys):
    @tf.function
    def g(m):
        print('tracing g', m.values.shape, m.tags)
        return m.values

    g.get_concrete_function(MT([1, 2], [True, False]))
    assert capsys.readouterr().out == 'tracing g (2,) ()\n'
    assert g.experimental_get_tracing_count() == 1


def test_nested_extension_spec():
    @tf.function
    def h(o):
        return o.inner.values * o.scale

    value = Outer(MT([1.0, 2.0], [True, True]), 3.0)
    cf = h.get_concrete_function(tf.type_spec_from_value(value))
    assert str(cf.structured_outputs) == 'Tensor("Identity:0", shape=(2,), dtype=float32)'
    assert cf(value).numpy().tolist() == [3.0, 6.0]
    assert h.experimental_get_tracing_count() == 1


def test_input_signature_fields_keep_open_sizes(capsys):
    @tf.function(input_signature=[MT.Spec(values=tf.TensorSpec([None], tf.int32), mask=tf.TensorSpec([None], tf.bool),
                                          tags=())])
    def g(m):
        print('tracing', m.values.shape, m.values)
        return m.values

    assert g(MT([1, 2], [True, False])).numpy().tolist() == [1, 2]
    # TF 2.21: the signature's shape, the field's tensor named after the parameter
    assert capsys.readouterr().out == 'tracing (None,) Tensor("m:0", shape=(None,), dtype=int32)\n'


def test_printed_concrete_function_of_a_spec(capsys):
    @tf.function
    def k(m):
        print('tracing k', m.values.shape, m.values)
        return m.values

    k(MT([1, 2], [True, False]))
    assert capsys.readouterr().out == 'tracing k (2,) Tensor("m:0", shape=(2,), dtype=int32)\n'
    cf = k.get_concrete_function(MT.Spec(values=tf.TensorSpec([None], tf.int32), mask=tf.TensorSpec([None], tf.bool),
                                         tags=()))
    assert capsys.readouterr().out == 'tracing k (None,) Tensor("m:0", shape=(None,), dtype=int32)\n'
    assert str(cf).splitlines()[2:4] == ['Output Type:', '  TensorSpec(shape=(None,), dtype=tf.int32, name=None)']
