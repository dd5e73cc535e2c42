"""keras.saving.get_registered_object looks names up as Keras 3.15 does.

Order: an enclosing custom_object_scope, the registry by its exact key ('Package>Name'), then
``custom_objects``, then ``module_objects``. tapeflow's also matched a registered class by its
bare name ('Foo' for 'pk>Foo'), which TF 2.21 does not (None); loading files still does.

Values: TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio29/t22_saving_api.py).
"""
from framework import keras


def fn(x):
    return x


def test_exact_keys_and_order():
    class Foo(keras.layers.Layer):
        def call(self, x):
            return x

    assert keras.saving.get_registered_name(Foo) == 'Foo'
    keras.saving.register_keras_serializable('K29pk')(Foo)
    try:
        assert keras.saving.get_registered_name(Foo) == 'K29pk>Foo'
        assert keras.saving.get_registered_object('K29pk>Foo') is Foo
        assert keras.saving.get_registered_object('Foo') is None
        assert keras.utils.get_registered_object('Foo') is None
        assert keras.saving.get_registered_object('Foo', custom_objects={'Foo': fn}) is fn
        assert keras.saving.get_registered_object('Foo', module_objects={'Foo': fn}) is fn
        assert keras.saving.get_registered_object('K29pk>Foo', custom_objects={'K29pk>Foo': fn}) is Foo
        with keras.saving.custom_object_scope({'K29pk>Foo': fn, 'Bar': fn}):
            assert keras.saving.get_registered_object('K29pk>Foo') is fn
            assert keras.saving.get_registered_object('Bar') is fn
        assert keras.saving.get_registered_object('Bar') is None
    finally:
        keras.saving.get_custom_objects().pop('K29pk>Foo')
