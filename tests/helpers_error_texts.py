"""The checks the error-text suites share: a call raises exactly TF 2.21's exception class (not a subclass)
with exactly its str(); the error a traced call raises over a TensorSpec, as the traced code catches it."""
import pytest


def assert_raises_exactly(call, error, text):
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error
    assert str(caught.value) == text


def raised_in_trace(fn, dtype, shape):
    """The error ``fn`` raises in a trace over a TensorSpec of ``dtype`` and ``shape``, caught inside the traced
    code (each run of the trace must raise the same text: tapeflow may run a trace again)."""
    import framework as tf
    caught = []

    @tf.function(input_signature=[tf.TensorSpec(shape, dtype)])
    def f(x):
        try:
            fn(x)
        except Exception as error:      # noqa: BLE001
            caught.append(error)
        return x
    f.get_concrete_function()
    assert caught and all(str(error) == str(caught[0]) for error in caught)
    return caught[0]
