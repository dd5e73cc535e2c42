"""The check the error-text suites share: a call raises exactly TF 2.21's exception class (not a subclass)
with exactly its str()."""
import pytest


def assert_raises_exactly(call, error, text):
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error
    assert str(caught.value) == text
