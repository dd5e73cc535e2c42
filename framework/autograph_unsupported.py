"""A loop with an ``else`` clause, which AutoGraph does not convert: its function runs as it is in a tf.function.

TensorFlow 2.21's AutoGraph checks a function's source before converting it (unsupported_features_checker):
a ``for`` or ``while`` with an ``else`` clause stops the conversion. AutoGraph logs 'AutoGraph could not
transform <function f at ...> and will run it as-is.\nCause: for/else statement not yet supported' and
traces the Python unconverted: a tensor ``if`` or a ``for`` over a tensor there raises
OperatorNotAllowedInGraphError, without the 'in user code:' frame. (Its other refusals, a ``yield`` and a
mangled name, are not looked for here.)
"""
import ast

from .code_source import scanned


def unsupported_feature(code):
    """AutoGraph's cause for leaving the function of ``code`` unconverted for a loop's ``else`` (the first in
    its source, as its checker visits it), or None."""
    return scanned(code, _first_unsupported, None)


def _first_unsupported(tree, offset):
    for node in _source_order(tree):
        if isinstance(node, ast.For) and node.orelse:
            return 'for/else statement not yet supported'
        if isinstance(node, ast.While) and node.orelse:
            return 'while/else statement not yet supported'
    return None


def _source_order(node):
    """The nodes below ``node`` depth first, each before its children, children in field order (a
    NodeVisitor's order: an ``else`` clause's loop is met after the loop's body)."""
    for child in ast.iter_child_nodes(node):
        yield child
        yield from _source_order(child)
