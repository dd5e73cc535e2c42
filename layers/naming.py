"""Automatic layer names, as Keras 3 gives them: 'dense', 'dense_1', ...

A name is the class name in snake case, made unique within the process by the
counter Keras shares among layers, optimizers, losses, metrics and variables
(``framework.object_names``). ``reset_names`` (Keras's ``clear_session``) starts over.
"""
from framework.object_names import reset as reset_names, to_snake_case, uniquify as unique_name

__all__ = ['reset_names', 'to_snake_case', 'unique_name']
