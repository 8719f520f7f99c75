"""Tests of Good Cop Bad Cop."""
