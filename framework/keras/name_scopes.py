"""``keras.name_scope``: a block whose Keras variables get paths under its name ('outer/v', 'outer/dense/kernel').

As Keras 3 on TensorFlow, it also opens ``tf.name_scope``, so TensorFlow variables made inside are
named 'outer/x:0'.
"""
from framework.name_scopes import name_scope as _tf_name_scope


class name_scope:  # noqa: N801  (Keras's spelling)
    """``with keras.name_scope('block'):`` prefixes the paths of the variables and layer weights made inside.

    Args:
        name: a non-empty string without '/'.
        caller, deduplicate, override_parent: accepted for Keras's signature.
    """

    def __init__(self, name, caller=None, deduplicate=True, override_parent=None):
        if not isinstance(name, str) or not name:
            raise ValueError('keras.name_scope: argument `name` must be a non-empty string. Received: name=%r'
                             % (name,))
        self.name = name
        self._tf_scope = None

    def __enter__(self):
        from layers import call_context
        self._tf_scope = _tf_name_scope(self.name)
        self._tf_scope.__enter__()
        call_context.enter_name_scope(self.name)
        return self

    def __exit__(self, *exc):
        from layers import call_context
        call_context.exit_name_scope()
        return self._tf_scope.__exit__(*exc)
